// Batches: a new one set up with its inputs in the wide area and its settings beside them; a batch that runs or
// has run shows its progress above its rows, which take the whole width; earlier batches re-open.
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react'
import type { Questionnaire } from '#shared/domain/questionnaire'
import { useCommands } from '../../commands.ts'
import { ErrorNote } from '../../components/ErrorNote.tsx'
import { invoke, queryKeys } from '../../ipc.ts'
import { setRouteParams, useRouteParams } from '../../router.ts'
import { BatchLabeling } from './BatchLabeling.tsx'
import { BatchProgress } from './BatchProgress.tsx'
import { BatchResults } from './BatchResults.tsx'
import { BatchScores } from './BatchScores.tsx'
import { BatchSetup } from './BatchSetup.tsx'
import { batchAnswers, batchDetail, batchHead } from './batch-detail.ts'

/** A batch from no file has no source columns. */
const noColumns: string[] = []

export function BatchView() {
  const batchId = useRouteParams('/decisions').batch ?? null
  const list = useQuery({ queryKey: queryKeys.batches(), queryFn: () => invoke('batches.list', {}) })
  // What the view says of the batch comes at once; its rows (the table, labeling) a range at a time; its scores
  // read its answers themselves.
  const head = useQuery({ ...batchHead(batchId ?? ''), enabled: batchId !== null })
  // A batch deleted (here, or from the command line) is gone: what the page last read of it is not shown.
  const gone = (head.error as { code?: string } | null)?.code === 'not_found'
  const current = batchId && !gone ? head.data : undefined
  /** The batch whose scores have shown (or said why they cannot): its rows are read then. */
  const [scoresShownFor, setScoresShownFor] = useState<string | null>(null)
  /** The batch whose rows are being labeled, in place of its rows and scores. */
  const [labelingFor, setLabelingFor] = useState<string | null>(null)
  // A finished batch's rows are read once its scores have shown: a person reads the scores first, and the two
  // reads at once share the machine's cores, so both came later. A running batch's rows are read at once.
  const detail = useQuery({
    ...batchDetail(batchId ?? ''),
    enabled:
      batchId !== null &&
      current !== undefined &&
      (current.batch.status === 'running' || scoresShownFor === batchId || labelingFor === batchId),
  })
  // The rows as last read: while a batch that finished reads them again, its table shows them as they were, but
  // its labeling and scores wait for the rows read once it had finished.
  const rows = batchId ? detail.data : undefined
  const finishedRows =
    rows && (current?.batch.status === 'running' || rows.batch.status !== 'running') ? rows : undefined
  // The table of rows is drawn in a render that gives way to input, not in the event that opened the batch (nor
  // as the view first shows, the batch named in the address): a batch opened again has its rows at hand, and a
  // person reads its scores first. Until then the rows of the batch shown before are not this one's.
  const deferredRows = useDeferredValue(rows ?? null, null)
  const tableRows = deferredRows?.batch.id === batchId ? deferredRows : undefined
  const client = useQueryClient()
  // A finished batch's answers are asked for with its head, not after it: the scores wait on them alone. A batch
  // chosen in the picker is asked for as it is chosen, before the view draws it.
  const finishedOf = (id: string | null) =>
    list.data?.find((one) => one.id === id && one.status !== 'running')?.id
  const finished = finishedOf(batchId)
  useEffect(() => {
    if (finished) void client.prefetchQuery(batchAnswers(finished))
  }, [finished, client])
  // Other finished runs of as many rows, to compare with: the same list until the batches change, so the scores
  // are not worked out again at each render.
  const others = useMemo(
    () =>
      (list.data ?? []).filter(
        (one) =>
          current !== undefined &&
          one.id !== current.batch.id &&
          one.status !== 'running' &&
          one.counts.total === current.batch.counts.total,
      ),
    [list.data, current],
  )
  /** Labeling just ended: the focus goes back to what opened it (until another batch is chosen). */
  const [backFromLabeling, setBackFromLabeling] = useState(false)
  // The picker is drawn anew between a batch and a new one: a choice made from it by keyboard keeps it focused,
  // and so does a batch started.
  const pickerRef = useRef<HTMLSelectElement>(null)
  const scoresRef = useRef<HTMLHeadingElement>(null)
  const [pickerFocused, setPickerFocused] = useState(false)
  // biome-ignore lint/correctness/useExhaustiveDependencies: once for each batch chosen
  useEffect(() => {
    if (!pickerFocused) return
    pickerRef.current?.focus()
    setPickerFocused(false)
  }, [batchId])
  const picker = (
    <div className="batch-view__picker">
      <label className="field">
        <span className="field__label">Batch</span>
        <select
          aria-label="Open a batch"
          value={batchId ?? ''}
          ref={pickerRef}
          onChange={(event) => {
            setBackFromLabeling(false)
            setPickerFocused(document.activeElement === event.target)
            const chosen = finishedOf(event.target.value)
            if (chosen) void client.prefetchQuery(batchAnswers(chosen))
            setRouteParams('/decisions', { batch: event.target.value || null })
          }}
        >
          <option value="">New batch</option>
          {list.data?.map((batch) => (
            <option key={batch.id} value={batch.id}>
              {batch.name} · {batch.model} · {new Date(batch.createdAt).toLocaleString('en-US')} ·{' '}
              {batch.counts.total} rows
            </option>
          ))}
        </select>
      </label>
      <ErrorNote
        error={head.error ?? detail.error}
        onRetry={
          gone
            ? undefined
            : () => {
                void head.refetch()
                void detail.refetch()
              }
        }
      />
    </div>
  )

  // A finished batch's scores and its labeling, from the palette too (the scores are far below a large batch's rows).
  const scoresOffered =
    current !== undefined && current.batch.status !== 'running' && labelingFor !== current.batch.id
  const goToScores = () => {
    scoresRef.current?.scrollIntoView({ block: 'start' })
    scoresRef.current?.focus({ preventScroll: true })
  }
  useCommands({
    'decisions.scores': { run: goToScores, when: () => scoresOffered },
    'decisions.label': {
      run: () => {
        if (current) setLabelingFor(current.batch.id)
      },
      when: () => scoresOffered,
    },
  })

  // A batch started from here opens with the focus on the picker, which names it, not lost with the Run button.
  if (batchId === null) return <BatchSetup onStarted={() => setPickerFocused(true)}>{picker}</BatchSetup>
  return (
    <section className="batch-view" aria-label="Batch">
      {picker}
      {current ? (
        <>
          {/* Keyed by batch: what was done with one batch (its "Saved to …") stays with it. */}
          <BatchProgress
            key={current.batch.id}
            batch={current.batch}
            baseline={current.baselineId === current.batch.id}
            items={rows?.items ?? []}
            onScores={scoresOffered ? goToScores : undefined}
          />
          {labelingFor === current.batch.id ? (
            finishedRows ? (
              <BatchLabeling
                batchId={current.batch.id}
                questionnaire={current.questionnaire as Questionnaire}
                items={finishedRows.items}
                sourceColumns={current.batch.sourceColumns ?? []}
                onClose={() => {
                  setLabelingFor(null)
                  setBackFromLabeling(true)
                  // The scores read the labels given.
                  void client.invalidateQueries({ queryKey: batchAnswers(current.batch.id).queryKey })
                }}
              />
            ) : (
              <p className="muted" role="status">
                Reading the batch’s rows…
              </p>
            )
          ) : (
            <>
              {tableRows ? (
                <BatchResults
                  batchId={current.batch.id}
                  running={current.batch.status === 'running'}
                  questionnaire={current.questionnaire as Questionnaire}
                  items={tableRows.items}
                  sourceColumns={current.batch.sourceColumns}
                />
              ) : (
                <section
                  className="batch-results batch-results--reading"
                  aria-label="Batch results"
                  aria-busy="true"
                >
                  <p className="muted" role="status">
                    Reading the batch’s {current.batch.counts.total.toLocaleString('en-US')} rows…
                  </p>
                </section>
              )}
              {current.batch.status !== 'running' ? (
                <BatchScores
                  key={`scores-${current.batch.id}`}
                  ref={scoresRef}
                  questionnaire={current.questionnaire as Questionnaire}
                  items={finishedRows?.items}
                  sourceColumns={current.batch.sourceColumns ?? noColumns}
                  spent={current.batch.spent}
                  batch={current.batch}
                  others={others}
                  baselineId={current.baselineId}
                  onLabel={() => setLabelingFor(current.batch.id)}
                  onShown={() => setScoresShownFor(current.batch.id)}
                  focusLabel={backFromLabeling}
                />
              ) : null}
            </>
          )}
        </>
      ) : null}
    </section>
  )
}
