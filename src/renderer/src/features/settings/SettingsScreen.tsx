// Settings: profiles and keys, how the app looks, and where it keeps its work.
import { useQuery } from '@tanstack/react-query'
import { ScreenHeader } from '../../components/ScreenHeader.tsx'
import { sharedQueries } from '../../query.ts'
import { AppearanceSection } from './AppearanceSection.tsx'
import { NotificationsSection } from './NotificationsSection.tsx'
import { ProfilesSection } from './ProfilesSection.tsx'
import { SpendSection } from './SpendSection.tsx'
import { StorageSection } from './StorageSection.tsx'
import { UpdatesSection } from './UpdatesSection.tsx'
import { VideoSettingsSection } from './VideoSettingsSection.tsx'
import './settings.css'

export function SettingsScreen() {
  const notices = useQuery(sharedQueries.notices)
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
        <VideoSettingsSection />
        <NotificationsSection />
        <UpdatesSection />
        <AppearanceSection />
        <StorageSection />
      </div>
    </>
  )
}
