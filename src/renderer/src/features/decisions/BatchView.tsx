// Batches: set one up on the right, follow it and read its rows on the left; earlier batches re-open.
import { useQuery } from '@tanstack/react-query'
import type { Questionnaire } from '#shared/domain/questionnaire'
import { EmptyState } from '../../components/EmptyState.tsx'
import { ErrorNote } from '../../components/ErrorNote.tsx'
import { invoke } from '../../ipc.ts'
import { queryKeys } from '../../query.ts'
import { setRouteParams, useRouteParams } from '../../router.ts'
import { BatchProgress } from './BatchProgress.tsx'
import { BatchResults } from './BatchResults.tsx'
import { BatchSetup } from './BatchSetup.tsx'

export function BatchView() {
  const batchId = useRouteParams('/decisions').batch ?? null
  const list = useQuery({ queryKey: queryKeys.batches(), queryFn: () => invoke('batches.list', {}) })
  const detail = useQuery({
    queryKey: queryKeys.batch(batchId ?? ''),
    queryFn: () => invoke('batches.get', { id: batchId ?? '' }),
    enabled: batchId !== null,
  })
  const current = batchId ? detail.data : undefined

  return (
    <div className="decisions__body decisions__body--batch">
      <section className="decisions__editor batch-view__results" aria-label="Batch">
        <div className="field-row">
          <label className="field">
            <span className="field__label">Batch</span>
            <select
              aria-label="Open a batch"
              value={batchId ?? ''}
              onChange={(event) => setRouteParams('/decisions', { batch: event.target.value || null })}
            >
              <option value="">New batch</option>
              {list.data?.map((batch) => (
                <option key={batch.id} value={batch.id}>
                  {batch.name} · {new Date(batch.createdAt).toLocaleString('en-US')} · {batch.counts.total}{' '}
                  rows
                </option>
              ))}
            </select>
          </label>
        </div>
        <ErrorNote error={detail.error} onRetry={() => detail.refetch()} />
        {current ? (
          <BatchResults
            batchId={current.batch.id}
            running={current.batch.status === 'running'}
            questionnaire={current.questionnaire as Questionnaire}
            items={current.items}
            sourceColumns={current.batch.sourceColumns}
          />
        ) : (
          <EmptyState
            icon="decisions"
            title="Run the questionnaire on many inputs"
            summary="Paste one input per line, or open a CSV or JSONL file. Results appear here as they arrive, one column per question."
            steps={[
              'Set how many requests run at once and, if you like, a spend cap',
              'Cancel at any time; resume later, even after a restart',
              'Sort and filter by answer, retry failed rows, export CSV or JSON',
            ]}
          />
        )}
      </section>
      <section className="run-panel" aria-label="Batch controls">
        {/* Keyed by batch: what was done with one batch (its "Saved to …") stays with it. */}
        {current ? (
          <BatchProgress key={current.batch.id} batch={current.batch} items={current.items} />
        ) : (
          <BatchSetup />
        )}
      </section>
    </div>
  )
}
