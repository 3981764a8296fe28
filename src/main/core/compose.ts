// The composition root: every core service, built once from a Platform. Electron and the e2e harness call
// this same function; only the Platform and the transport differ between them.
import { join } from 'node:path'
import type { HandlersFor } from '#shared/ipc/contract'
import { type Routes, routes } from '#shared/ipc/routes/index'
import type { SecretName } from '#shared/ipc/routes/profiles'
import { createDesktopState } from './app/desktop-state.ts'
import { appHandlers } from './app/handlers.ts'
import { createNotices } from './app/notices.ts'
import { batchNotice, budgetNotice, createNotifier } from './app/notifier.ts'
import { createOpenedFiles } from './app/opened-files.ts'
import { openPreferences } from './app/preferences.ts'
import { createAppService } from './app/service.ts'
import { createHistoryArchive } from './archive/history-archive.ts'
import {
  applyPendingImport,
  removeLeftoverStaging,
  restoreBeforeBrokenImport,
} from './archive/import-at-start.ts'
import { batchHandlers } from './batches/handlers.ts'
import { createBatchRunner } from './batches/runner.ts'
import { createBatchService } from './batches/service.ts'
import { catalogHandlers } from './catalog/handlers.ts'
import type { Core, CoreOptions } from './core.ts'
import type { BackgroundCalls } from './data/background-worker.ts'
import type { DataCalls, DataWorkerSettings } from './data/data-worker.ts'
import { decisionHandlers } from './decisions/handlers.ts'
import { createDecisionService } from './decisions/service.ts'
import { createEventBus } from './events.ts'
import { scheduleBackups } from './history/backup-schedule.ts'
import { openHistory } from './history/history.ts'
import { imageHandlers } from './images/handlers.ts'
import { createImageLibrary } from './images/image-library.ts'
import { createImageService } from './images/service.ts'
import { createDispatcher } from './ipc/dispatcher.ts'
import { createLog } from './log.ts'
import { createMediaStore } from './media/media-store.ts'
import { createThumbnails } from './media/thumbnails.ts'
import { createFolderOwner } from './owner/folder-owner.ts'
import type { Platform } from './platform.ts'
import { playgroundHandlers } from './playground/handlers.ts'
import { createPlaygroundService } from './playground/service.ts'
import { createEmbeddedSandbox } from './profiles/embedded-sandbox.ts'
import { profileHandlers } from './profiles/handlers.ts'
import { createProfileScopes } from './profiles/profile-scope.ts'
import { openProfiles, secretKey } from './profiles/profiles.ts'
import { keptSandboxSecret } from './profiles/sandbox-secret.ts'
import { createProfileService } from './profiles/service.ts'
import { createRequestRegistry } from './requests.ts'
import { createRedaction } from './secrets/redaction.ts'
import { openSecretStore } from './secrets/secret-store.ts'
import { createBudgets } from './spend/budgets.ts'
import { createEstimates } from './spend/estimates.ts'
import { spendHandlers } from './spend/handlers.ts'
import { createSpendService } from './spend/service.ts'
import { videoHandlers } from './videos/handlers.ts'
import { wireVideos } from './videos/wiring.ts'
import { remote, startWorker } from './workers/calls.ts'

export async function createCore(platform: Platform, options: CoreOptions = {}): Promise<Core> {
  const { userData } = platform.paths
  const secrets = openSecretStore(userData, platform.secretCipher)
  // The window never sees a secret the app holds, whatever a service quotes back; streams also lose anything
  // shaped like a credential.
  const redaction = createRedaction(() => secrets.values())
  // A running batch changes its rows, and every request the spending, many times a second: the window hears of
  // each at most five and twice a second.
  const events = createEventBus((event, payload) => redaction.value(payload, event.startsWith('stream.')), {
    batches: 200,
    spend: 500,
  })
  const log = createLog(join(userData, 'logs'), () => secrets.values())
  // A verified import waiting from the last run replaces the history before anything opens it.
  const imported = [
    await removeLeftoverStaging(userData).then(() => applyPendingImport(userData)),
    await restoreBeforeBrokenImport(userData),
  ].filter((notice): notice is string => notice !== null)
  for (const notice of imported) log.info(notice)
  const preferences = await openPreferences(userData)
  const sandbox = createEmbeddedSandbox({
    entry: platform.workerEntry('sandbox'),
    log,
    timeScale: options.sandboxTimeScale ?? 1,
    sampleVideo: join(platform.paths.resources, 'sample-video.mp4'),
    ...(options.sandboxCredits !== undefined ? { credits: options.sandboxCredits } : {}),
    ...(options.sandboxSyntheticModels ? { syntheticModels: options.sandboxSyntheticModels } : {}),
    onStarted: () => events.emit('data.changed', { topics: ['profiles'] }),
    webhookSecret: keptSandboxSecret(userData),
  })
  // A made-up catalog of tens of thousands of models takes the sandbox a few hundred milliseconds to build: it
  // is built before the core answers, as a real service's catalog is built elsewhere, not in this process.
  if (options.sandboxSyntheticModels) await sandbox.ensure()
  const profiles = openProfiles(
    userData,
    secrets,
    sandbox,
    options.baseUrl !== undefined
      ? { activeAt: options.baseUrl }
      : options.profile !== undefined
        ? { activeHere: options.profile }
        : {},
  )
  for (const [name, value] of Object.entries(options.heldSecrets ?? {}))
    if (value)
      secrets.hold(
        name === 'ngrokAuthtoken'
          ? 'tunnel:ngrokAuthtoken'
          : secretKey(profiles.activeId(), name as SecretName),
        value,
      )
  // Opened once the profile asked for is known: a command naming none that exists leaves the history untouched.
  const history = openHistory(userData)
  for (const notice of history.notices) log.warn(notice)
  const media = createMediaStore(join(userData, 'media'), history.database.db, { damaged: history.damaged })
  const thumbnails = createThumbnails(join(userData, 'thumbnails'), media)
  const notices = createNotices({
    imported,
    history,
    secrets,
    changed: () => events.emit('data.changed', { topics: ['notices'] }),
  })
  // Needed a few times an hour (a catalog kept, an archive checked): between those its memory is given back.
  const background = startWorker<BackgroundCalls>({
    entry: platform.workerEntry('background'),
    data: { userData },
    log,
    idleMs: 60_000,
  })
  const data = startWorker<DataCalls>({
    entry: platform.workerEntry('data'),
    data: { userData, mediaUrls: platform.mediaUrl('') } satisfies DataWorkerSettings,
    log,
    eager: true,
    // The data worker's catalog service hands its fetching and keeping to the background worker.
    answer: (method, args) => background.call(method as keyof BackgroundCalls, args as never),
    onEvent: (name, payload) => {
      if (name === 'catalog.changed') events.emit('data.changed', { topics: ['catalog'] })
      if (name === 'notice') notices.add(String(payload))
    },
  })
  const scopes = createProfileScopes({ profiles, data })
  const historyReads = remote(data, 'history', async (): Promise<[]> => [])
  const archive = createHistoryArchive({
    userData,
    checks: {
      copyHistory: (target) => background.call('copyHistory', [target, [...secrets.values()]]),
      stagedHistoryProblem: (path) => background.call('stagedHistoryProblem', [path]),
    },
  })
  // Rows written before work carried its profile belong to the profile active when this version first opens them.
  history.transaction(() => history.adoptUnscoped(profiles.activeId()))
  const requests = createRequestRegistry()
  const notifier = createNotifier({ platform, enabled: (kind) => preferences.get().notifications[kind] })
  const profileName = (id: string) => profiles.list().find((profile) => profile.id === id)?.name ?? id
  const budgets = createBudgets({
    history,
    preferences,
    profileName,
    near: (notice) => notifier.notify(budgetNotice(notice)),
    changed: () => events.emit('data.changed', { topics: ['spend'] }),
    log,
  })
  const estimates = createEstimates(history, budgets.checks)
  const videos = await wireVideos({
    notifier,
    budgets,
    estimates,
    platform,
    history,
    media,
    events,
    log,
    profiles,
    secrets,
    preferences,
    gatewayFor: (profileId) => scopes.scopeFor(profileId).gateway,
    board: historyReads,
    ...(options.receiver ? { receiver: options.receiver } : {}),
    ...(options.forwardTo ? { forwardAddress: () => options.forwardTo ?? null } : {}),
  })
  const batchRunner = createBatchRunner({
    history,
    callerFor: (profileId) => scopes.scopeFor(profileId).caller,
    emit: events.emit,
    settled: (batch) => notifier.notify(batchNotice(batch)),
    budgets,
  })
  // A batch the last owner left running stopped with it: it reads as interrupted, to be resumed.
  batchRunner.interruptLeftRunning()
  // A batch stopped at a budget goes on once the budget allows: when the person changes it, and as periods
  // turn (checked each minute).
  const resumeOverBudget = () =>
    void batchRunner.resumeWhereBudgetAllows().catch((error) => log.warn('resuming batches failed', error))
  budgets.onSet(resumeOverBudget)
  const budgetClock = setInterval(resumeOverBudget, 60_000)
  budgetClock.unref()
  const images = createImageLibrary({ history, media, thumbnails, platform, emit: events.emit })

  // Whoever owns the folder backs the history up in its background worker, from an hour after it starts.
  const backups = scheduleBackups({
    backUp: () => background.call('backUpHistory', []),
    notice: notices.add,
    log,
  })

  const appService = createAppService({
    platform,
    drafts: history.drafts,
    preferences,
    events,
    requests,
    notices: notices.list,
    archive,
    refusedLink: notices.refused,
    runningBatch: () =>
      history.decisionBatches.latest(100).find((batch) => batchRunner.isRunning(batch.id))?.name ?? null,
  })
  platform.updater.onChange(() => events.emit('data.changed', { topics: ['updates'] }))
  const openedFiles = createOpenedFiles({
    openPath: (path) => appService.openPath(path),
    refused: notices.refused,
  })
  const spend = createSpendService({ history, platform, budgets, profiles: () => profiles.list() })
  const handlers: HandlersFor<Routes> = {
    ...appHandlers({ app: appService }),
    ...profileHandlers({ profiles: createProfileService({ profiles, secrets, events }) }),
    ...catalogHandlers({ scopes }),
    ...decisionHandlers({
      scopes,
      decisions: createDecisionService({
        history,
        requests,
        budgets,
        estimates,
        takeOpened: () => openedFiles.take(),
      }),
    }),
    ...batchHandlers({
      scopes,
      batches: createBatchService({
        history,
        runner: batchRunner,
        platform,
        profileName: (id) => profiles.list().find((profile) => profile.id === id)?.name ?? null,
        reads: historyReads,
        redaction,
      }),
    }),
    ...playgroundHandlers({
      scopes,
      playground: createPlaygroundService({
        history,
        requests,
        library: images,
        events,
        budgets,
        estimates,
        redaction,
      }),
    }),
    ...imageHandlers({
      scopes,
      images: createImageService({
        history,
        media,
        platform,
        requests,
        emit: events.emit,
        library: images,
        budgets,
        estimates,
      }),
    }),
    ...videoHandlers({ scopes, videos: videos.videos, webhooks: videos.webhooks }),
    ...spendHandlers({ scopes, spend }),
  }
  log.info(`core started (${platform.shell} ${platform.appVersion})`)

  const dispatcherFor = (trustedOrigins: () => readonly string[]) =>
    createDispatcher({
      routes,
      handlers,
      trustedOrigins,
      onUnexpectedError: (route, error) => log.error(`route ${route} failed`, error),
      redaction,
      requests,
    })
  let closing: Promise<void> | null = null
  const owner = options.folder
    ? createFolderOwner({
        claim: options.folder,
        profiles,
        activeProfile: () => profiles.activeId(),
        dispatcher: dispatcherFor,
        events,
        ...(options.handOver ? { handOver: options.handOver } : {}),
      })
    : { clients: () => 0 }

  return {
    events,
    handlers,
    log,
    history,
    media,
    thumbnails,
    profiles,
    scopes,
    videos,
    preferences,
    desktop: createDesktopState({
      history,
      webhooks: videos.webhooks,
      preferences,
      activeProfile: () => profiles.activeId(),
      spentToday: (profileId) => spend.today({ profileId }).cost,
      attachedClients: owner.clients,
    }),
    openLink: (link) => appService.openLink(link),
    pageClosed: () => appService.pageClosed(),
    openPath: (path) => appService.openPath(path),
    openFile: (path) => openedFiles.open(path),
    dispatcher: dispatcherFor,
    attachedClients: owner.clients,
    close(how?: { handingOver?: boolean }) {
      closing ??= closeAll(how)
      return closing
    },
  }

  /**
   * Every part is closed even when one before it fails; only once the history is closed may another process own
   * the folder. A history that could not be closed keeps the folder held until this process ends.
   */
  async function closeAll(how?: { handingOver?: boolean }) {
    options.folder?.stop(how)
    const failures: unknown[] = []
    const steps: (() => unknown)[] = [
      () => requests.cancelAll(),
      () => clearInterval(budgetClock),
      () => backups.stop(),
      () => batchRunner.close(),
      () => notifier.flush(),
      () => videos.close(),
      () => sandbox.stop(),
      () => data.close(),
      // After the data worker: a keep it asked for is the background worker's to finish.
      () => background.close(),
      () => thumbnails.settled(),
      // A change made just before quitting (the screen last shown) is not lost with the write in flight.
      () => preferences.written(),
      () => history.close(),
    ]
    for (const step of steps)
      try {
        await step()
      } catch (error) {
        failures.push(error)
        log.error('a part of the core did not close', error)
      }
    if (history.database.db.isOpen) throw failures.at(-1)
    await options.folder?.release()
    log.info('core stopped')
    if (failures.length > 0) throw failures[0]
  }
}
