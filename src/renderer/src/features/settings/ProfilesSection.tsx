import { useState } from 'react'
import { ErrorNote } from '../../components/ErrorNote.tsx'
import { useProfiles } from '../../profiles.ts'
import { setRouteParams, useRouteParams } from '../../router.ts'
import { ProfileCard } from './ProfileCard.tsx'
import { ProfileForm } from './ProfileForm.tsx'

export function ProfilesSection() {
  const profiles = useProfiles()
  // Add a profile from the command palette arrives as ?add=profile.
  const asked = useRouteParams('/settings').add === 'profile'
  const [clicked, setAdding] = useState(false)
  const adding = clicked || asked
  const done = () => {
    setAdding(false)
    if (asked) setRouteParams('/settings', { add: null })
  }
  const names = (exceptId?: string) => [
    'Sandbox',
    ...(profiles.data ?? []).filter((p) => p.id !== exceptId && p.kind === 'live').map((p) => p.name),
  ]

  return (
    <section className="card" aria-labelledby="profiles-title">
      <div className="card__head">
        <div>
          <h2 id="profiles-title">Profiles</h2>
          <p className="card__hint">
            A profile is a service address with its API key. The one in use serves every screen.
          </p>
        </div>
        {adding ? null : (
          <button type="button" className="button button--primary" onClick={() => setAdding(true)}>
            Add profile
          </button>
        )}
      </div>
      {adding ? <ProfileForm otherNames={names()} onDone={done} /> : null}
      <ErrorNote error={profiles.error} onRetry={() => profiles.refetch()} />
      <div className="profile-list">
        {(profiles.data ?? []).map((profile) => (
          <ProfileCard key={profile.id} profile={profile} otherNames={names(profile.id)} />
        ))}
      </div>
    </section>
  )
}
