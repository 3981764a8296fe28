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
  return (
    <button
      type="button"
      className={`job-card job-card--${job.status}${props.selected ? ' job-card--selected' : ''}`}
      onClick={props.onOpen}
      aria-label={`${statusLabel[job.status]}: ${job.prompt}`}
      aria-current={props.selected ? 'true' : undefined}
    >
      <span className={`status-pill status-pill--${job.status}`}>{statusLabel[job.status]}</span>
      <span className="job-card__body">
        <span className="job-card__prompt">{job.prompt}</span>
        <span className="job-card__meta">
          {job.model} · {modeLabel[job.mode] ?? job.mode}
        </span>
        {pending ? <span className="progress-bar" aria-hidden="true" /> : null}
      </span>
      <span className="job-card__numbers">
        <span title={pending ? 'Running for' : 'Took'}>{formatElapsed(elapsed)}</span>
        <span className="muted">
          {job.videoSeconds
            ? `${job.videoSeconds}s · ${formatUsd(job.videoCost)}`
            : pending
              ? 'running'
              : '—'}
        </span>
      </span>
      <span className="job-card__preview">
        {job.status === 'completed' && preview ? (
          <video src={preview} muted preload="metadata" aria-label="Preview" />
        ) : null}
      </span>
    </button>
  )
}
