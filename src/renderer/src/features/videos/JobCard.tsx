// One job on the board: where it stands, for how long, what it cost, and its result when there is one.
import type { VideoJobSummary } from '#shared/ipc/routes/videos'
import { formatElapsed, formatUsd } from '../../format.ts'
import { modeLabel, statusLabel } from './status.ts'

export const jobCardHeight = 88

export function JobCard(props: { job: VideoJobSummary; now: number; selected: boolean; onOpen: () => void }) {
  const { job } = props
  const pending = job.status === 'pending'
  const elapsed = (pending ? props.now : job.updatedAt) - job.createdAt
  // Only a file the app holds: the page may not load the service's links (its CSP), and a black box is no preview.
  const preview = job.mediaUrl
  const meta = `${job.model} · ${modeLabel[job.mode] ?? job.mode}`
  // The receiver's verdict on the job's latest webhook, on the card itself: no need to open its timeline.
  const webhook = job.webhook ? `webhook ${job.webhook}` : ''
  const took = formatElapsed(elapsed)
  const money = job.videoSeconds
    ? `${job.videoSeconds}s · ${formatUsd(job.videoCost)}`
    : pending
      ? 'running'
      : '—'
  // The name reads the card's visible text in its order, so a person who says what they see can pick it; the
  // spaces between the parts keep that text's words apart as the name has them.
  const name = [statusLabel[job.status], job.prompt, meta, webhook, took, money === '—' ? '' : money]
    .filter(Boolean)
    .join(', ')
  return (
    <button
      type="button"
      className={`job-card job-card--${job.status}${props.selected ? ' job-card--selected' : ''}`}
      onClick={props.onOpen}
      aria-label={name}
      aria-current={props.selected ? 'true' : undefined}
    >
      <span className={`status-pill status-pill--${job.status}`}>{statusLabel[job.status]}</span>{' '}
      <span className="job-card__body">
        <span className="job-card__prompt">{job.prompt}</span>{' '}
        <span className="job-card__meta">
          {meta}
          {webhook ? (
            <span className={`job-card__webhook job-card__webhook--${job.webhook}`}>{` · ${webhook}`}</span>
          ) : null}
        </span>
        {pending ? <span className="progress-bar" /> : null}
      </span>{' '}
      <span className="job-card__numbers">
        <span title={pending ? 'Running for' : 'Took'}>{took}</span>{' '}
        <span className="muted">{money === '—' ? <span aria-hidden="true">—</span> : money}</span>
      </span>
      <span className="job-card__preview">
        {job.status === 'completed' && preview ? <video src={preview} muted preload="metadata" /> : null}
      </span>
    </button>
  )
}
