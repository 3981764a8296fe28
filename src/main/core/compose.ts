// The composition root: every core service, built once from a Platform. Electron and the e2e harness call
// this same function; only the Platform and the transport differ between them.
import { join } from 'node:path'
import type { HandlersFor } from '#shared/ipc/contract'
import { type Routes, routes } from '#shared/ipc/routes/index'
import { appHandlers } from './app/handlers.ts'
import { openPreferences, type PreferencesStore } from './app/preferences.ts'
import { applyPendingImport, createHistoryArchive } from './archive/history-archive.ts'
import { catalogHandlers } from './catalog/handlers.ts'
import { batchHandlers } from './decisions/batch-handlers.ts'
import { createBatchRunner } from './decisions/batch-runner.ts'
import { decisionHandlers } from './decisions/decision-service.ts'
import { createEventBus, type EventBus } from './events.ts'
import { type History, openHistory } from './history/history.ts'
import { createImageLibrary } from './images/image-library.ts'
import { imageHandlers } from './images/image-service.ts'
import { createDispatcher, type Dispatch } from './ipc/dispatcher.ts'
import { createLog, type Log } from './log.ts'
import { createMediaStore, type MediaStore } from './media/media-store.ts'
import type { Platform } from './platform.ts'
import { playgroundHandlers } from './playground/playground-service.ts'
import { streamHandlers } from './playground/streams.ts'
import { createEmbeddedSandbox } from './profiles/embedded-sandbox.ts'
import { profileHandlers } from './profiles/handlers.ts'
import { createProfileScopes, type ProfileScopes } from './profiles/profile-scope.ts'
import { openProfiles, type Profiles } from './profiles/profiles.ts'
import { createRequestRegistry } from './requests.ts'
import { openSecretStore } from './secrets/secret-store.ts'
import { loopbackProvider } from './tunnel/providers.ts'
import { videoHandlers } from './videos/handlers.ts'
import { type VideoWiring, wireVideos } from './videos/wiring.ts'

export interface Core {
  readonly events: EventBus
  readonly handlers: HandlersFor<Routes>
  readonly log: Log
  readonly history: History
  readonly media: MediaStore
  readonly profiles: Profiles
  /** What speaks to the service for each profile. */
  readonly scopes: ProfileScopes
  readonly videos: VideoWiring
  readonly preferences: PreferencesStore
  /** Binds the contract to a transport that knows which origins serve the app's pages. */
  dispatcher(trustedOrigins: () => readonly string[]): Dispatch
  close(): Promise<void>
}

export interface CoreOptions {
  /** The embedded sandbox's time scale (tests make jobs finish fast). */
  sandboxTimeScale?: number
  /** The embedded sandbox's balance per key, in USD. */
  sandboxCredits?: number
  /** Made-up models the embedded sandbox adds to its catalog (benchmarks). */
  sandboxSyntheticModels?: number
}

export async function createCore(platform: Platform, options: CoreOptions = {}): Promise<Core> {
  const { userData } = platform.paths
  const events = createEventBus()
  const secrets = openSecretStore(userData, platform.secretCipher)
  const log = createLog(join(userData, 'logs'), () => secrets.values())
  // A verified import waiting from the last run replaces the history before anything opens it.
  const imported = await applyPendingImport(userData)
  if (imported) log.info(imported)
  const preferences = await openPreferences(userData)
  const history = openHistory(userData)
  for (const notice of history.notices) log.warn(notice)
  const archive = createHistoryArchive({ userData, db: history.database.db })
  const media = createMediaStore(join(userData, 'media'), history.database.db)
  const sandbox = createEmbeddedSandbox({
    timeScale: options.sandboxTimeScale ?? 1,
    sampleVideo: join(platform.paths.resources, 'sample-video.mp4'),
    ...(options.sandboxCredits !== undefined ? { credits: options.sandboxCredits } : {}),
    ...(options.sandboxSyntheticModels ? { syntheticModels: options.sandboxSyntheticModels } : {}),
    onStarted: () => events.emit('data.changed', { topics: ['profiles'] }),
  })
  const profiles = openProfiles(userData, secrets, sandbox)
  const scopes = createProfileScopes({ history, profiles })
  // Rows written before work carried its profile belong to the profile active when this version first opens them.
  history.transaction(() => history.adoptUnscoped(profiles.activeId()))
  const requests = createRequestRegistry()
  const videos = await wireVideos({
    platform,
    history,
    media,
    events,
    log,
    profiles,
    preferences,
    gatewayFor: (profileId) => scopes.scopeFor(profileId).gateway,
  })
  const relay = loopbackProvider(videos.identity)
  history.transaction(() => history.decisionBatches.markInterrupted(Date.now()))
  const batchRunner = createBatchRunner({
    history,
    callerFor: (profileId) => scopes.scopeFor(profileId).caller,
    emit: events.emit,
  })
  const images = createImageLibrary({ history, media, platform, emit: events.emit })

  const notices = () => {
    const storage = secrets.storage()
    const storageNotice =
      storage.persistent || secrets.values().length === 0
        ? []
        : [
            'Your API keys are kept in memory only, because this system offers no secure storage. They are forgotten when the app quits.',
          ]
    return [...(imported ? [imported] : []), ...history.notices, ...storageNotice]
  }

  const handlers: HandlersFor<Routes> = {
    ...appHandlers({ platform, preferences, events, requests, notices, archive }),
    ...profileHandlers({ profiles, secrets, events }),
    ...streamHandlers({ events, requests, scopes, library: images }),
    ...catalogHandlers({ scopes }),
    ...decisionHandlers({ scopes, history, requests }),
    ...batchHandlers({
      history,
      runner: batchRunner,
      platform,
      scopes,
      profileName: (id) => profiles.list().find((profile) => profile.id === id)?.name ?? null,
    }),
    ...playgroundHandlers({ scopes, history, requests, library: images, emit: events.emit }),
    ...imageHandlers({
      scopes,
      history,
      media,
      platform,
      requests,
      emit: events.emit,
      library: images,
    }),
    ...videoHandlers({
      wiring: videos,
      receiver: videos.receiver,
      tunnel: videos.tunnel,
      secrets,
      preferences,
      platform,
      relay,
    }),
  }
  log.info(`core started (${platform.shell} ${platform.appVersion})`)

  return {
    events,
    handlers,
    log,
    history,
    media,
    profiles,
    scopes,
    videos,
    preferences,
    dispatcher: (trustedOrigins) =>
      createDispatcher({
        routes,
        handlers,
        trustedOrigins,
        onUnexpectedError: (route, error) => log.error(`route ${route} failed`, error),
      }),
    async close() {
      requests.cancelAll()
      batchRunner.close()
      await videos.close()
      await sandbox.stop()
      history.close()
      log.info('core stopped')
    },
  }
}
