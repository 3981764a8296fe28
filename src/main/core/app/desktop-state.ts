// What the shell asks of the core to live in the tray: the menu's state, when the window was last looked at,
// and whether closing the window keeps the app running: while a command in a shell is attached to it (its work
// runs here), and, as the person's setting says, while a job runs or a tunnel is up.
import type { History } from '../history/history.ts'
import type { WebhookService } from '../webhooks/service.ts'
import type { PreferencesStore } from './preferences.ts'
import type { TrayState } from './tray-menu.ts'

export function createDesktopState(deps: {
  history: History
  webhooks: Pick<WebhookService, 'state' | 'tunnelState'>
  preferences: PreferencesStore
  activeProfile: () => string
  /** What a profile spent since midnight. */
  spentToday: (profileId: string) => string
  /** Commands attached to this owner of the data folder. */
  attachedClients: () => number
  now?: () => number
}) {
  const now = deps.now ?? Date.now
  let lastSeen = now()
  return {
    tray(): TrayState {
      const jobs = deps.history.videoJobs
      return {
        running: { jobs: jobs.newestPending(5), count: jobs.pendingCount() },
        ended: jobs.endedSince(lastSeen, 5),
        receiver: deps.webhooks.state(deps.activeProfile()),
        tunnel: deps.webhooks.tunnelState(),
        spentToday: deps.spentToday(deps.activeProfile()),
      }
    },
    /** The window was shown or focused: what ended before now has been seen. */
    markSeen(): void {
      lastSeen = now()
    },
    keepsReceiving(): boolean {
      if (deps.attachedClients() > 0) return true
      if (!deps.preferences.get().keepReceivingWhenClosed) return false
      return deps.history.videoJobs.pendingCount() > 0 || deps.webhooks.tunnelState().status === 'up'
    },
  }
}

export type DesktopState = ReturnType<typeof createDesktopState>
