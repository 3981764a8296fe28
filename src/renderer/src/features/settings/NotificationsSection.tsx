// Which notifications the app shows, and whether closing the window leaves it in the tray receiving webhooks.
// Each is saved as it is ticked: there is nothing to get wrong.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { Preferences } from '#shared/ipc/routes/app'
import { ErrorNote } from '../../components/ErrorNote.tsx'
import { invoke, queryKeys, sharedQueries } from '../../ipc.ts'

const kinds: { kind: keyof Preferences['notifications']; label: string }[] = [
  { kind: 'videos', label: 'When a video is ready, fails, is cancelled or expires' },
  { kind: 'batches', label: 'When a batch is done or stops at its spend cap or budget' },
  { kind: 'budgets', label: 'When a profile has used 80% of a budget' },
]

export function NotificationsSection() {
  const client = useQueryClient()
  const preferences = useQuery(sharedQueries.preferences)
  const update = useMutation({
    mutationFn: (notifications: Preferences['notifications']) =>
      invoke('preferences.update', { notifications }),
    onSuccess: (next) => client.setQueryData(queryKeys.preferences(), next),
  })
  // The tick shows at once; main's answer replaces it (or, on an error, the kept value comes back).
  const [ticked, setTicked] = useState<Preferences['notifications'] | null>(null)
  const current = ticked ?? preferences.data?.notifications
  if (!current) return null
  return (
    <section className="card" aria-labelledby="notifications-title">
      <h2 id="notifications-title">Notifications and the tray</h2>
      <p className="card__hint">
        Clicking one opens what it is about. What ends together is said in one notification.
      </p>
      {kinds.map(({ kind, label }) => (
        <label key={kind} className="checkbox">
          <input
            type="checkbox"
            checked={current[kind]}
            onChange={(event) => {
              const next = { ...current, [kind]: event.target.checked }
              setTicked(next)
              update.mutate(next, { onSettled: () => setTicked(null) })
            }}
          />
          {label}
        </label>
      ))}
      <KeepReceiving />
      <ErrorNote error={update.error} />
    </section>
  )
}

function KeepReceiving() {
  const client = useQueryClient()
  const preferences = useQuery(sharedQueries.preferences)
  const [ticked, setTicked] = useState<boolean | null>(null)
  const update = useMutation({
    mutationFn: (keepReceivingWhenClosed: boolean) =>
      invoke('preferences.update', { keepReceivingWhenClosed }),
    onSuccess: (next) => client.setQueryData(queryKeys.preferences(), next),
    onSettled: () => setTicked(null),
  })
  const value = ticked ?? preferences.data?.keepReceivingWhenClosed
  if (value === undefined) return null
  return (
    <label className="checkbox">
      <input
        type="checkbox"
        checked={value}
        onChange={(event) => {
          setTicked(event.target.checked)
          update.mutate(event.target.checked)
        }}
      />
      Keep receiving webhooks in the tray when the window is closed, while a job runs or a tunnel is up
    </label>
  )
}
