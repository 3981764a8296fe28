// What a core is to the front doors that build it (the app's main, the command line's owner, the harness) and
// what they give it: `compose.ts` builds it.
import type { OpenedLink } from '#shared/domain/deep-links'
import type { HandlersFor } from '#shared/ipc/contract'
import type { Routes } from '#shared/ipc/routes/index'
import type { SecretName } from '#shared/ipc/routes/profiles'
import type { DesktopState } from './app/desktop-state.ts'
import type { PreferencesStore } from './app/preferences.ts'
import type { EventBus } from './events.ts'
import type { History } from './history/history.ts'
import type { Dispatch } from './ipc/dispatcher.ts'
import type { Log } from './log.ts'
import type { MediaStore } from './media/media-store.ts'
import type { Thumbnails } from './media/thumbnails.ts'
import type { FolderClaim } from './owner/owner-server.ts'
import type { ProfileScopes } from './profiles/profile-scope.ts'
import type { Profiles } from './profiles/profiles.ts'
import type { ReceiverPort, VideoWiring } from './videos/wiring.ts'

export interface Core {
  readonly events: EventBus
  readonly handlers: HandlersFor<Routes>
  readonly log: Log
  readonly history: History
  readonly media: MediaStore
  /** Small copies of stored images, for the gallery's tiles. */
  readonly thumbnails: Thumbnails
  readonly profiles: Profiles
  /** What speaks to the service for each profile. */
  readonly scopes: ProfileScopes
  readonly videos: VideoWiring
  readonly preferences: PreferencesStore
  /** The tray's state, when the window was last looked at, and whether closing it keeps the app receiving. */
  readonly desktop: DesktopState
  /** Opens a gateway-desk:// link in the window, or says why it opened nothing. */
  openLink(link: string): OpenedLink
  /** Opens a questionnaire file the OS handed the app in the builder, or says why it cannot. */
  openFile(path: string): Promise<void>
  /** Shows an address of the app in the window, now or as soon as a page listens. */
  openPath(path: string): void
  /** The window closed: links wait for the next page to ask. */
  pageClosed(): void
  /** Binds the contract to a transport that knows which origins serve the app's pages. */
  dispatcher(trustedOrigins: () => readonly string[]): Dispatch
  /** Front doors attached to this owner now. */
  attachedClients(): number
  /**
   * Stops everything and lets the folder go (`handingOver`: its clients are told the app takes it). Closes once: a
   * second call answers when the first is done.
   */
  close(closing?: { handingOver?: boolean }): Promise<void>
}

export interface CoreOptions {
  /** The embedded sandbox's time scale (tests make jobs finish fast). */
  sandboxTimeScale?: number
  /** The embedded sandbox's balance per key, in USD. */
  sandboxCredits?: number
  /** Made-up models the embedded sandbox adds to its catalog (benchmarks). */
  sandboxSyntheticModels?: number
  /** The command line's: the profile to work with (id or name), for this process only. */
  profile?: string
  /** The command line's: a service by its address alone (`GATEWAY_BASE_URL`), a profile never written. */
  baseUrl?: string
  /** The command line's: secrets of that profile from the environment, held in memory only. */
  heldSecrets?: Partial<Record<SecretName | 'ngrokAuthtoken', string>>
  /** Whether and where the webhook receiver listens (the app: the kept port). */
  receiver?: ReceiverPort
  /** Where verified deliveries are forwarded instead of the kept address (`listen --forward-to`). */
  forwardTo?: string
  /**
   * The folder's socket, bound (`owner/`): this core is the folder's owner and serves the contract on it to the
   * other front doors. Without it (tests, benchmarks on a folder of their own) the core serves no one.
   */
  folder?: FolderClaim
  /** Lets the folder go when the app asks for it (the command line's owner); absent, the folder is kept. */
  handOver?: () => void
}
