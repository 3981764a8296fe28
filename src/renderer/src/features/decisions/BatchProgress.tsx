// A batch under way or finished: progress with counts, spend and time left; cancel, resume (with a new cap
// when it stopped at the cap), retry failures, export, delete.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { resumeCapProblem } from '#shared/domain/spend-cap'
import type { BatchItem, BatchSummary } from '#shared/ipc/routes/batches'
import { useConfirm } from '../../components/ConfirmDialog.tsx'
import { ErrorNote } from '../../components/ErrorNote.tsx'
import { formatUsd } from '../../format.ts'
import { invoke, queryKeys } from '../../ipc.ts'
import { setRouteParams } from '../../router.ts'
import { secondsLeft } from './batch-view-model.ts'

const statusLabels: Record<BatchSummary['status'], string> = {
  running: 'Running',
  cancelled: 'Cancelled — resume to run the rows left',
  interrupted: 'Interrupted when the app stopped — resume to run the rows left',
  capped: 'Stopped at the spend cap',
  over_budget: 'Stopped at the profile’s budget — it goes on by itself once the budget allows the next row',
  unreachable: 'Stopped: the service could not be reached — resume once it is back to run the rows left',
  done: 'Finished',
}

function formatSeconds(seconds: number): string {
  if (seconds < 60) return `${seconds} s`
  const minutes = Math.floor(seconds / 60)
  return minutes < 60
    ? `${minutes} min ${seconds % 60} s`
    : `${Math.floor(minutes / 60)} h ${minutes % 60} min`
}

export function BatchProgress({
  batch,
  items,
  onScores,
  baseline = false,
}: {
  batch: BatchSummary
  items: readonly BatchItem[]
  /** The batch is its questionnaire's baseline: deleting it leaves the other runs none. */
  baseline?: boolean
  /** Takes the person to the batch's scores, which stand below its rows; none while it runs. */
  onScores?: () => void
}) {
  const client = useQueryClient()
  const [confirmation, confirm] = useConfirm()
  const [cap, setCap] = useState(batch.spendCap ?? '')
  const act = useMutation({
    mutationFn: async (action: 'cancel' | 'resume' | 'retry' | 'csv' | 'json' | 'delete') => {
      if (action === 'cancel') return invoke('batches.cancel', { id: batch.id })
      if (action === 'resume')
        return invoke('batches.resume', {
          id: batch.id,
          ...(batch.status === 'capped' ? { spendCap: cap.trim() || null } : {}),
        })
      if (action === 'retry') return invoke('batches.retry', { id: batch.id })
      if (action === 'delete') {
        await invoke('batches.delete', { id: batch.id })
        setRouteParams('/decisions', { batch: null })
        // What the page kept of it goes too: opened again (a link to it), it says it is gone, not what it was.
        client.removeQueries({ queryKey: queryKeys.batch(batch.id) })
        return null
      }
      return invoke('batches.export', { id: batch.id, format: action })
    },
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.batches() }),
  })
  const { total, done, failed, pending } = batch.counts
  const finished = done + failed
  const left = batch.status === 'running' ? secondsLeft(items, pending) : null
  const saved = act.data && 'savedTo' in act.data ? act.data.savedTo : null
  const capProblem =
    batch.status === 'capped'
      ? resumeCapProblem({ spent: batch.spent, pricedRows: done, rowsLeft: pending }, cap)
      : null

  return (
    <>
      <section className="batch-progress" aria-label="Batch progress">
        <div className="batch-progress__top">
          <h2 className="section-title">{batch.name}</h2>
          <p className={`batch-progress__status batch-progress__status--${batch.status}`}>
            {statusLabels[batch.status]}
          </p>
        </div>
        <progress className="progress" max={total} value={finished} aria-label="Rows finished" />
        <div className="batch-progress__facts">
          <p className="batch-progress__counts">
            <span>
              {finished.toLocaleString('en-US')} of {total.toLocaleString('en-US')}
            </span>
            <span>{done.toLocaleString('en-US')} answered</span>
            <span className={failed > 0 ? 'field-error' : undefined}>
              {failed.toLocaleString('en-US')} failed
            </span>
            <span>{pending.toLocaleString('en-US')} waiting</span>
          </p>
          <p className="muted">
            Spent {formatUsd(batch.spent)}
            {batch.spendCap ? ` of a ${formatUsd(batch.spendCap)} cap` : ''} · {batch.model} ·{' '}
            {batch.concurrency} at once
            {left !== null ? ` · about ${formatSeconds(left)} left` : ''}
            {batch.profileName ? (
              <span title="Every row of this batch is sent with this profile’s key, whichever profile is active.">
                {` · on “${batch.profileName}”`}
              </span>
            ) : null}
          </p>
        </div>
        {batch.profileName ? null : (
          <p className="field-error">
            The profile this batch ran on has been deleted; its remaining rows cannot be sent.
          </p>
        )}
        {batch.status === 'over_budget' ? (
          <p className="muted">
            <a href="#/settings?section=spend">Raise the budget in Settings</a>, or wait for the next day or
            month it covers.
          </p>
        ) : null}
        {batch.status === 'capped' ? (
          <label className="field">
            <span className="field__label">New spend cap (USD, empty for none)</span>
            <input
              value={cap}
              inputMode="decimal"
              aria-invalid={capProblem ? true : undefined}
              onChange={(event) => setCap(event.target.value)}
            />
            {capProblem ? <span className="field-error">{capProblem}</span> : null}
          </label>
        ) : null}
        {/* Reached after the new cap a resume may need, yet shown beside the name (see batches.css). */}
        <div className="form-actions">
          {batch.status === 'running' ? (
            <button type="button" className="button" onClick={() => act.mutate('cancel')}>
              Cancel batch
            </button>
          ) : pending > 0 ? (
            <button
              type="button"
              className="button button--primary"
              disabled={capProblem !== null}
              onClick={() => act.mutate('resume')}
            >
              Resume
            </button>
          ) : null}
          {failed > 0 && batch.status !== 'running' ? (
            <button type="button" className="button" onClick={() => act.mutate('retry')}>
              Retry {failed} failed
            </button>
          ) : null}
          {onScores ? (
            <button type="button" className="button" onClick={onScores}>
              Go to the scores
            </button>
          ) : null}
          <button type="button" className="button" onClick={() => act.mutate('csv')}>
            Export CSV
          </button>
          <button type="button" className="button" onClick={() => act.mutate('json')}>
            Export JSON
          </button>
          <button
            type="button"
            className="button button--quiet button--danger"
            onClick={async () => {
              const rows = `${total.toLocaleString('en-US')} ${total === 1 ? 'row' : 'rows'}`
              const sure = await confirm(
                `Delete “${batch.name}” and its ${rows} from the history?${baseline ? ' It is its questionnaire’s baseline: its other runs will have none.' : ''} This cannot be undone.`,
                'Delete batch',
              )
              if (sure) act.mutate('delete')
            }}
          >
            Delete
          </button>
        </div>
        {saved ? <p className="muted">Saved to {saved}</p> : null}
        <ErrorNote error={act.error} />
      </section>
      {/* Beside the band, not in it: the band lays out its children, a dialog's own margins too. */}
      {confirmation}
    </>
  )
}
