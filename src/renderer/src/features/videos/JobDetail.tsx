// One job in full: playback, actions, the task as the service reports it, the request as sent, and every
// poll and webhook delivery with its time and outcome.

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { AppError } from '#shared/ipc/app-error'
import { useCommands } from '../../commands.ts'
import { useConfirm } from '../../components/ConfirmDialog.tsx'
import { CopyLink } from '../../components/CopyLink.tsx'
import { ErrorNote } from '../../components/ErrorNote.tsx'
import { GetCode } from '../../components/GetCode.tsx'
import { Tabs } from '../../components/Tabs.tsx'
import { useDismiss } from '../../components/use-dismiss.ts'
import { formatDateTime, formatElapsed, formatTime, formatUsd } from '../../format.ts'
import { invoke, queryKeys } from '../../ipc.ts'
import { useProfiles } from '../../profiles.ts'
import { pathTo, setRouteParams } from '../../router.ts'
import { useNow } from '../../use-now.ts'
import { repeatsOf } from './DeliveryDetail.tsx'
import { useVideoDetail } from './queries.ts'
import { modeLabel, statusLabel } from './status.ts'

type Tab = 'overview' | 'timeline' | 'task' | 'request'

/** Why there is no video, in words: the reason the service gave when it gave one (document 2 leaves its field unnamed). */
export function outcomeText(status: string, task: unknown): string {
  if (status === 'pending')
    return 'The service is still generating this video. The board updates by webhook or by polling.'
  const fields = (task ?? {}) as Record<string, unknown>
  const error = fields.error as { message?: unknown } | string | undefined
  const reason = [
    typeof error === 'string' ? error : error?.message,
    fields.failure_reason,
    fields.reason,
  ].find((value): value is string => typeof value === 'string' && value.trim() !== '')
  const what = { failed: 'failed', cancelled: 'was cancelled', expired: 'expired' }[status] ?? status
  if (reason) return `No video: the job ${what}. The service says: ${reason}`
  return status === 'failed'
    ? 'No video: the job failed, and the service gave no reason. The Task tab shows everything it reported; a failed job is not charged.'
    : `No video: the job ${what}.`
}

export function JobDetail({ id, onDuplicate }: { id: string; onDuplicate: (request: unknown) => void }) {
  const client = useQueryClient()
  const detail = useVideoDetail(id)
  const panel = useRef<HTMLElement>(null)
  useDismiss(panel, () => setRouteParams('/videos', { job: null }))
  const baseUrl = useProfiles().data?.find((profile) => profile.active)?.baseUrl ?? 'http://127.0.0.1:PORT'
  const [tab, setTab] = useState<Tab>('overview')
  const now = useNow(detail.data?.job.status === 'pending')
  const refresh = () => client.invalidateQueries({ queryKey: queryKeys.videos() })
  const [confirmation, confirm] = useConfirm()
  const cancel = useMutation({ mutationFn: () => invoke('videos.cancel', { id }), onSettled: refresh })
  // A model that cannot interrupt a started job said so: the job finishes on its own, and Cancel is not offered.
  const uncancellable =
    cancel.error instanceof AppError && cancel.error.serviceCode === 'cancel_not_supported'
  const cancellable = detail.data?.job.status === 'pending' && !uncancellable
  const askToCancel = async () => {
    if (
      await confirm(
        'Cancel this job? The service stops generating it; a cancelled job cannot be resumed and is not charged.',
        'Cancel job',
      )
    )
      cancel.mutate()
  }
  useCommands({
    'videos.cancelJob': { run: () => void askToCancel(), when: () => cancellable && !cancel.isPending },
  })
  const job = detail.data?.job
  // A result plays from the app's own media route only (the page's CSP allows nothing else): a completed job
  // whose file is not here yet is fetched into the data folder on first view, then plays from there.
  const fetched = useQuery({
    queryKey: [...queryKeys.videoDetail(id), 'file'],
    queryFn: async () => {
      const summary = await invoke('videos.download', { id })
      await refresh()
      return summary
    },
    enabled: job?.status === 'completed' && !job.mediaUrl,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  })
  const remove = useMutation({
    mutationFn: () => invoke('videos.delete', { id }),
    onSuccess: () => {
      setRouteParams('/videos', { job: null })
      return refresh()
    },
  })
  const saveAs = useMutation({ mutationFn: () => invoke('videos.saveAs', { id }) })
  const showInFolder = useMutation({ mutationFn: () => invoke('videos.showInFolder', { id }) })

  if (detail.isError || !detail.data || !job)
    return (
      <aside ref={panel} className="job-detail" aria-label="Job detail">
        {detail.isError ? (
          <ErrorNote error={detail.error} onRetry={() => detail.refetch()} />
        ) : (
          <p className="muted">Loading…</p>
        )}
      </aside>
    )
  const source = job.mediaUrl ?? fetched.data?.mediaUrl ?? null
  const timeline = [
    ...detail.data.polls.map((poll) => ({
      at: poll.at,
      kind: 'Poll',
      text: poll.detail ? `${poll.outcome}: ${poll.detail}` : poll.outcome,
    })),
    ...detail.data.deliveries.map((d) => ({
      at: d.receivedAt,
      kind: 'Webhook',
      text: `${d.event ?? 'unknown event'} · ${d.verified ? `verified${d.reason ? ` · ${d.reason}` : ''}` : `refused: ${d.reason}`}${d.duplicate ? ' · duplicate' : ''}${repeatsOf(d)} · answered ${d.answered}`,
    })),
  ].sort((a, b) => a.at - b.at)

  return (
    <aside ref={panel} className="job-detail" aria-label="Job detail">
      {confirmation}
      <header className="job-detail__head">
        <span className={`status-pill status-pill--${job.status}`}>{statusLabel[job.status]}</span>
        <CopyLink path={pathTo('/videos', { job: job.id })} what="job" />
        <button
          type="button"
          className="button button--quiet button--small"
          onClick={() => setRouteParams('/videos', { job: null })}
        >
          Close
        </button>
      </header>
      <h2 className="job-detail__prompt">{job.prompt}</h2>
      <dl className="facts facts--compact">
        <dt>Model</dt>
        <dd>{job.model}</dd>
        <dt>Mode</dt>
        <dd>{modeLabel[job.mode] ?? job.mode}</dd>
        <dt>Created</dt>
        <dd>{formatDateTime(job.createdAt)}</dd>
        <dt>{job.status === 'pending' ? 'Running for' : 'Took'}</dt>
        <dd>{formatElapsed((job.status === 'pending' ? now : job.updatedAt) - job.createdAt)}</dd>
        <dt>Cost</dt>
        <dd>
          {job.status === 'completed' && job.videoSeconds !== null
            ? `${job.videoSeconds} s of video · ${formatUsd(job.videoCost)}`
            : job.status === 'pending'
              ? 'charged only if it completes'
              : `${statusLabel[job.status]} — not charged`}
        </dd>
      </dl>
      <Tabs
        look="tabs"
        label="Job detail sections"
        options={[
          { value: 'overview', label: 'Result' },
          { value: 'timeline', label: `Timeline (${timeline.length})` },
          { value: 'task', label: 'Task' },
          { value: 'request', label: 'Request' },
        ]}
        value={tab}
        onChange={setTab}
      />
      {tab === 'overview' ? (
        <div className="job-detail__result">
          {job.status === 'completed' && source ? (
            // biome-ignore lint/a11y/useMediaCaption: generated videos have no captions to offer
            <video className="job-detail__player" src={source} controls aria-label="Result video" />
          ) : job.status === 'completed' ? (
            fetched.isError ? (
              <ErrorNote error={fetched.error} onRetry={() => fetched.refetch()} />
            ) : (
              <p className="muted" role="status">
                Fetching the video from the service…
              </p>
            )
          ) : (
            <p className="muted">{outcomeText(job.status, detail.data.task)}</p>
          )}
          <div className="form-actions">
            {cancellable ? (
              <button
                type="button"
                className="button"
                onClick={() => void askToCancel()}
                disabled={cancel.isPending}
              >
                Cancel job
              </button>
            ) : null}
            {job.status === 'completed' ? (
              <>
                <button type="button" className="button" onClick={() => saveAs.mutate()}>
                  Save as…
                </button>
                {/* Also dragged to a folder, a slide or an editor: the file itself (main starts the drag). */}
                <button
                  type="button"
                  className="button"
                  draggable={job.mediaUrl !== null}
                  title={
                    job.mediaUrl
                      ? 'Show the file in its folder, or drag it to a folder or another app'
                      : undefined
                  }
                  onClick={() => showInFolder.mutate()}
                  onDragStart={(event) => {
                    if (!job.mediaUrl) return
                    event.dataTransfer.effectAllowed = 'copy'
                    const name =
                      job.prompt
                        .replace(/[^\w -]+/g, '')
                        .trim()
                        .slice(0, 40) || 'video'
                    event.dataTransfer.setData(
                      'DownloadURL',
                      `video/mp4:${name}.mp4:${new URL(job.mediaUrl, location.href).href}`,
                    )
                    void invoke('videos.dragOut', { id })
                  }}
                >
                  Show in folder
                </button>
              </>
            ) : null}
            <button type="button" className="button" onClick={() => onDuplicate(detail.data.request)}>
              Duplicate
            </button>
            <button
              type="button"
              className="button button--danger"
              onClick={async () => {
                if (await confirm('Delete this job and its downloaded video from the history?', 'Delete job'))
                  remove.mutate()
              }}
            >
              Delete
            </button>
          </div>
          <ErrorNote error={cancel.error ?? saveAs.error ?? showInFolder.error ?? remove.error} />
          {saveAs.data?.savedTo ? <p className="muted">Saved to {saveAs.data.savedTo}</p> : null}
        </div>
      ) : null}
      {tab === 'timeline' ? (
        <ol className="timeline" aria-label="Polls and webhook deliveries">
          {timeline.length === 0 ? <li className="muted">Nothing yet.</li> : null}
          {timeline.map((entry) => (
            <li key={`${entry.kind}-${entry.at}-${entry.text}`}>
              <time>{formatTime(entry.at)}</time> <strong>{entry.kind}</strong> {entry.text}
            </li>
          ))}
        </ol>
      ) : null}
      {tab === 'task' ? (
        <pre className="code-block">{JSON.stringify(detail.data.task, null, 2) ?? 'Not reported yet.'}</pre>
      ) : null}
      {tab === 'request' ? (
        <>
          <pre className="code-block">{JSON.stringify(detail.data.request, null, 2)}</pre>
          <GetCode request={{ method: 'POST', url: `${baseUrl}/v1/videos`, body: detail.data.request }} />
        </>
      ) : null}
    </aside>
  )
}
