// Video jobs as the app keeps them: created through the gateway and recorded at once, moved forward by
// polls and webhooks (never backward), downloaded, cancelled and deleted with their files. The service owns
// the poller that follows its pending jobs.
import { copyFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { UnifiedModel } from '#shared/api/models'
import type { VideoCreateRequest, VideoTask } from '#shared/api/videos'
import { inferVideoMode, isForwardMove } from '#shared/domain/videos'
import { AppError } from '#shared/ipc/app-error'
import type { ModelFieldQuery } from '#shared/ipc/routes/catalog'
import type { VideoJobSummary, VideoModel } from '#shared/ipc/routes/videos'
import { guardedFetch, RefusedDestination } from '../../../node/guarded-fetch.ts'
import type { Notice, Notifier } from '../app/notifier.ts'
import type { HistoryReads } from '../data/history-reads.ts'
import type { EventBus } from '../events.ts'
import { suggestedFileName } from '../files/file-names.ts'
import type { Gateway } from '../gateway/gateway.ts'
import type { History } from '../history/history.ts'
import { jobSummary, pendingVideoJob, type TaskApplied, type VideoJobRow } from '../history/video-jobs.ts'
import type { Log } from '../log.ts'
import type { MediaStore } from '../media/media-store.ts'
import type { Platform } from '../platform.ts'
import type { ProfileScope } from '../profiles/profile-scope.ts'
import { sandboxProfileId } from '../profiles/profiles.ts'
import type { Budgets } from '../spend/budgets.ts'
import type { Estimates } from '../spend/estimates.ts'
import type { Remote } from '../workers/calls.ts'
import type { BoardQuery } from './board.ts'
import { createPoller, type PollBudget } from './poller.ts'

export interface VideoServiceDeps {
  history: History
  media: MediaStore
  events: EventBus
  platform: Platform
  log: Log
  gatewayFor: (profileId: string) => Gateway
  /** Where the service should send this job's webhook, or undefined to rely on polling. */
  callbackUrl: (profileId: string) => string | undefined
  downloadOnCompletion: () => boolean
  /** Tells the person a job ended (gathered with others that end with it). */
  notifier: Pick<Notifier, 'notify'>
  /** Status reads allowed per profile and window. */
  pollBudget: () => PollBudget
  /** Reads the board's pages (the data worker). */
  board: Pick<Remote<HistoryReads, []>, 'boardPage'>
  /** A job's estimate is checked against the profile's budgets, and held by the job until it ends. */
  budgets: Pick<Budgets, 'spending'>
  estimates: Pick<Estimates, 'video'>
  now?: () => number
}

const seconds = (value: number) => value * 1000
/** What a result link may serve, and how large it may be. */
const videoTypes = new Set(['video/mp4', 'application/octet-stream'])
const maxVideoBytes = 2 * 1024 ** 3

async function* noBody(): AsyncGenerator<Uint8Array> {}

export function createVideoService(deps: VideoServiceDeps) {
  const now = deps.now ?? Date.now
  const { history, events } = deps

  const summary = (row: VideoJobRow) => jobSummary(row, (id) => deps.platform.mediaUrl(id))

  const changed = () => events.emit('data.changed', { topics: ['videos'] })
  /** Runs inside the caller's transaction: moves a job forward, or leaves it as it is. */
  function applyTask(task: VideoTask): TaskApplied {
    const row = history.videoJobs.get(task.id)
    if (!row) return { outcome: 'unknown' }
    if (!isForwardMove(row.status, task.status)) return { outcome: 'unchanged', row }
    const next: VideoJobRow = {
      ...row,
      status: task.status,
      taskJson: JSON.stringify(task),
      videoSeconds: task.usage?.video_seconds ?? null,
      videoCost: task.usage?.video_cost ?? null,
      updatedAt: Math.max(row.updatedAt, seconds(task.updated_at)),
    }
    history.videoJobs.update(next)
    return { outcome: 'changed', row: next }
  }

  /** After the transaction committed: tell the person, fetch the file if they asked for it. */
  /** What a job's end says: opening the job; ten that end together are said together. */
  const noticeOf = (row: VideoJobRow): Notice => {
    const words = {
      completed: 'ready',
      failed: 'failed',
      cancelled: 'cancelled',
      expired: 'expired',
      pending: 'pending',
    }
    return {
      kind: 'videos',
      title: row.status === 'completed' ? 'Video is ready' : `Video ${words[row.status]}`,
      body: row.prompt.length > 80 ? `${row.prompt.slice(0, 79)}…` : row.prompt,
      path: `/videos?job=${row.id}`,
      noun: { one: 'video', many: 'videos' },
      outcome: words[row.status],
      listPath: '/videos',
    }
  }

  function afterChange(rows: VideoJobRow[]): void {
    if (rows.length === 0) return
    changed()
    for (const row of rows) {
      // However a job got to its end, the poller stops following it.
      if (row.status !== 'pending') poller.forget(row.id)
      const notice = noticeOf(row)
      if (row.status === 'completed' && deps.downloadOnCompletion()) {
        // Said once the file is here, so the notification can show it in its folder.
        download(row.id)
          .then(
            async () => {
              const mediaId = history.videoJobs.get(row.id)?.mediaId
              const file = mediaId ? await deps.media.locate(mediaId) : null
              deps.notifier.notify({ ...notice, ...(file ? { showInFolder: file.path } : {}) })
            },
            (error: unknown) => {
              deps.log.warn(`download of video ${row.id} failed`, error)
              deps.notifier.notify(notice)
            },
          )
          .catch((error: unknown) => deps.log.warn(`video ${row.id} could not be said`, error))
      } else deps.notifier.notify(notice)
    }
  }

  /** Where the file of a job `download` has fetched lies: gone only if taken from the data folder since. */
  async function downloadedPath(id: string): Promise<string> {
    const mediaId = history.videoJobs.get(id)?.mediaId
    const found = mediaId ? await deps.media.locate(mediaId) : null
    if (!found)
      throw new AppError({
        code: 'not_found',
        message: 'The downloaded video is missing from the data folder.',
      })
    return found.path
  }

  // One fetch per job at a time: the download on completion and a first view may ask together.
  const downloading = new Map<string, Promise<VideoJobSummary>>()
  function download(id: string): Promise<VideoJobSummary> {
    const running = downloading.get(id)
    if (running) return running
    const started = fetchResult(id).finally(() => downloading.delete(id))
    downloading.set(id, started)
    return started
  }

  async function fetchResult(id: string): Promise<VideoJobSummary> {
    const row = history.videoJobs.get(id)
    if (!row) throw new AppError({ code: 'not_found', message: 'This job is no longer in the history.' })
    if (row.mediaId) return summary(row)
    const urls = summary(row).resultUrls
    if (urls.length === 0) throw new AppError({ code: 'not_ready', message: 'The video is not ready yet.' })
    let lastProblem = ''
    // The sandbox serves its results over http on this computer; any other gateway's links must be public https.
    const local = row.profileId === sandboxProfileId
    for (const url of urls) {
      try {
        const response = await guardedFetch(url, {
          allowPrivate: local,
          httpsOnly: !local,
          timeoutMs: 120_000,
        })
        if (!response.ok) {
          await response.body?.cancel()
          lastProblem = `the service answered ${response.status}`
          continue
        }
        const type = response.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase() ?? ''
        if (!videoTypes.has(type)) {
          await response.body?.cancel()
          lastProblem = `the link gave ${type || 'a file without a type'}, not a video`
          continue
        }
        const item =
          Number(response.headers.get('content-length')) > maxVideoBytes
            ? null
            : await deps.media.putStream(response.body ?? noBody(), 'video/mp4', maxVideoBytes)
        if (!item) {
          await response.body?.cancel().catch(() => {})
          lastProblem = `the file is larger than ${maxVideoBytes / 1024 ** 3} GiB`
          continue
        }
        history.videoJobs.setMedia(id, item.id)
        changed()
        return summary({ ...row, mediaId: item.id })
      } catch (error) {
        lastProblem =
          error instanceof RefusedDestination
            ? `the link was refused: ${error.message}`
            : (error as Error).message
      }
    }
    throw new AppError({
      code: 'download_failed',
      message: `The video could not be downloaded: ${lastProblem}.`,
      hint: 'Signed links expire; if this keeps failing, the result may no longer be available.',
    })
  }

  const poller = createPoller({
    history,
    apply: applyTask,
    applied: afterChange,
    gatewayFor: deps.gatewayFor,
    budget: deps.pollBudget,
    log: deps.log,
    onStateChange: () => events.emit('data.changed', { topics: ['polling'] }),
  })

  return {
    summary,
    applyTask,
    afterChange,
    download,

    /** Follows the pending jobs in the history (after a restart too). */
    startPolling: () => poller.start(),
    stopPolling: () => poller.stop(),
    polling() {
      const state = poller.state()
      return { budget: deps.pollBudget(), pausedUntil: state.pausedUntil, pending: state.pending }
    },

    async create(
      scope: ProfileScope,
      request: VideoCreateRequest,
      overBudget?: true,
    ): Promise<VideoJobSummary> {
      const { profileId, gateway } = scope
      const callback = request.callback_url ?? deps.callbackUrl(profileId)
      const sent: VideoCreateRequest = { ...request, ...(callback ? { callback_url: callback } : {}) }
      const estimate = await deps.estimates.video(scope, sent)
      const charge = {
        what: 'This video job',
        feature: 'video' as const,
        model: sent.model,
        estimate,
        override: overBudget,
      }
      const row = await deps.budgets.spending(profileId, charge, async (hold) => {
        const { data } = await gateway.createVideo(sent, { hold })
        const pending = pendingVideoJob({
          id: data.id,
          profileId,
          model: sent.model,
          prompt: sent.prompt,
          mode: inferVideoMode(sent),
          requestJson: JSON.stringify(sent),
          createdAt: now(),
        })
        // The job's estimate is held from now on by the pending job itself, until its cost lands.
        history.transaction(() => {
          history.videoJobs.insert(pending)
          history.spend.setVideoEstimate(pending.id, estimate)
          hold.settle(true, pending.id)
        })
        return pending
      })
      poller.watch(row.id, profileId)
      changed()
      return summary(row)
    },

    /** What the new-job form's model field shows: the video models that match what is typed, and the chosen one. */
    async models(scope: ProfileScope, query: ModelFieldQuery, signal?: AbortSignal) {
      const found = await scope.catalog.picks('video', query, signal)
      const videoModelOf = (model: UnifiedModel): VideoModel => ({
        id: model.id,
        name: model.name,
        pricePerSecond:
          typeof model.pricing.video_per_second === 'string' ? model.pricing.video_per_second : null,
        audio: model.architecture.output_modalities.includes('audio'),
      })
      return {
        models: found.models.map(videoModelOf),
        total: found.total,
        chosen: found.chosen.map(videoModelOf)[0] ?? null,
      }
    },

    /** The models the board's jobs were made with. */
    madeWith: () => history.videoJobs.madeWith(),

    /** One page of the board, read in the data worker; a job whose row does not read is reported and left out. */
    async list(query: BoardQuery, signal?: AbortSignal) {
      const { page, damaged } = await deps.board.boardPage(query, signal)
      for (const row of damaged) history.damaged.report(row)
      return page
    },

    detail(id: string) {
      const row = history.videoJobs.get(id)
      if (!row) throw new AppError({ code: 'not_found', message: 'This job is no longer in the history.' })
      return {
        job: summary(row),
        request: JSON.parse(row.requestJson) as unknown,
        task: row.taskJson ? (JSON.parse(row.taskJson) as unknown) : null,
        polls: history.videoJobs.polls(id).map(({ jobId: _job, ...poll }) => poll),
        deliveries: history.webhookDeliveries
          .forJob(id)
          .map(({ headersJson: _h, body: _b, ...delivery }) => ({
            ...delivery,
            id: delivery.id ?? 0,
            jobPrompt: row.prompt,
            forwarded: history.webhookForwards.latestShown(delivery.id),
          })),
      }
    },

    async cancel(id: string): Promise<VideoJobSummary> {
      const row = history.videoJobs.get(id)
      if (!row) throw new AppError({ code: 'not_found', message: 'This job is no longer in the history.' })
      const { data } = await deps.gatewayFor(row.profileId).cancelVideo(id)
      const result = history.transaction(() => applyTask(data))
      if (result.outcome === 'changed' && result.row) afterChange([result.row])
      const job = summary(history.videoJobs.get(id) ?? row)
      if (job.status !== 'pending') poller.forget(id)
      return job
    },

    /** Drags the downloaded video out of the window (to a folder, a slide, an editor); false before it is here. */
    async dragOut(id: string): Promise<{ started: boolean }> {
      const row = history.videoJobs.get(id)
      const found = row?.mediaId ? await deps.media.locate(row.mediaId) : null
      if (!found) return { started: false }
      return { started: deps.platform.startDrag(found.path, join(deps.platform.paths.resources, 'icon.png')) }
    },
    /** Shows the downloaded video selected in the file manager, downloading it first if it is not here yet. */
    async showInFolder(id: string): Promise<{ shown: boolean }> {
      await download(id)
      deps.platform.showInFolder(await downloadedPath(id))
      return { shown: true }
    },
    /** Copies the downloaded file where the person chooses; null when they cancel the dialog. */
    async saveAs(id: string): Promise<{ savedTo: string | null }> {
      const job = await download(id)
      const target = await deps.platform.saveDialog({
        title: 'Save video',
        defaultPath: suggestedFileName(job.prompt, 'video', 'mp4'),
        filters: [{ name: 'MP4 video', extensions: ['mp4'] }],
      })
      if (!target) return { savedTo: null }
      await copyFile(await downloadedPath(id), target)
      return { savedTo: target }
    },

    async delete(id: string): Promise<boolean> {
      poller.forget(id)
      const row = history.videoJobs.get(id)
      if (!row) return false
      history.transaction(() => history.videoJobs.delete(id))
      // A file another job shows too (the same video, kept once) stays, and so do those jobs' links to it.
      if (row.mediaId && history.videoJobs.usesOfMedia(row.mediaId) === 0)
        await deps.media.delete(row.mediaId)
      changed()
      return true
    },
  }
}

export type VideoService = ReturnType<typeof createVideoService>
