// Settings: profiles and keys, how the app looks, and where it keeps its work.
import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { ScreenHeader } from '../../components/ScreenHeader.tsx'
import { sharedQueries } from '../../ipc.ts'
import { setRouteParams, useRouteParams } from '../../router.ts'
import { AppearanceSection } from './AppearanceSection.tsx'
import { BudgetsSection } from './BudgetsSection.tsx'
import { NotificationsSection } from './NotificationsSection.tsx'
import { ProfilesSection } from './ProfilesSection.tsx'
import { SpendSection } from './SpendSection.tsx'
import { StorageSection } from './StorageSection.tsx'
import { UpdatesSection } from './UpdatesSection.tsx'
import { VideoSettingsSection } from './VideoSettingsSection.tsx'
import './settings.css'

export function SettingsScreen() {
  const notices = useQuery(sharedQueries.notices)
  // `?section=spend` (the palette, a budget's notice or refusal) opens the screen at its spending.
  const { section } = useRouteParams('/settings')
  useEffect(() => {
    if (!section) return
    document.getElementById(`${section}-title`)?.scrollIntoView({ block: 'start' })
    setRouteParams('/settings', { section: null })
  }, [section])
  return (
    <>
      <ScreenHeader
        title="Settings"
        subtitle="Which service the app talks to, how it looks, and where it keeps your work."
      />
      <div className="settings">
        {notices.data?.map((notice) => (
          <p key={notice} className="notice" role="status">
            {notice}
          </p>
        ))}
        <ProfilesSection />
        <SpendSection />
        <BudgetsSection />
        <VideoSettingsSection />
        <NotificationsSection />
        <UpdatesSection />
        <AppearanceSection />
        <StorageSection />
      </div>
    </>
  )
}
