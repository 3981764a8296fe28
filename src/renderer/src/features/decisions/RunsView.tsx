// Runs kept in the history: open one to read its answers again, tick two to compare them side by side (another
// model, another input, an edited question), or bring one back into the editor.
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import type { DecisionInput } from '#shared/api/decisions'
import { compareAnswers, type ShownAnswer, shownAnswers } from '#shared/domain/answers'
import { inputPreview } from '#shared/domain/batch-inputs'
import type { Questionnaire } from '#shared/domain/questionnaire'
import type { DecisionRunRecord } from '#shared/ipc/routes/decisions'
import { CopyLink } from '../../components/CopyLink.tsx'
import { EmptyState } from '../../components/EmptyState.tsx'
import { ErrorNote } from '../../components/ErrorNote.tsx'
import { counted, formatUsd } from '../../format.ts'
import { invoke, queryKeys } from '../../ipc.ts'
import { pathTo, setRouteParams, useRouteParams } from '../../router.ts'
import { AnswerView } from './AnswerView.tsx'
import { useRunInput } from './run-input.ts'
import { useQuestionnaire } from './store.ts'

export function RunsView() {
  const runs = useQuery({ queryKey: queryKeys.decisionRuns(), queryFn: () => invoke('decisions.runs', {}) })
  const [selected, setSelected] = useState<string[]>([])
  // A link to a run (gateway-desk://decisions/runs/<id>) opens it.
  const { run: linked } = useRouteParams('/decisions')
  useEffect(() => {
    if (linked) setSelected([linked])
  }, [linked])
  // Older on the left, whichever was ticked first: a compare reads from before to after.
  const createdAt = new Map(runs.data?.map((run) => [run.id, run.createdAt]))
  const shown = selected.toSorted((a, b) => (createdAt.get(a) ?? 0) - (createdAt.get(b) ?? 0))
  const records = useQueries({
    queries: shown.map((id) => ({
      queryKey: [...queryKeys.decisionRuns(), id],
      queryFn: () => invoke('decisions.runGet', { id }),
    })),
  })
  const toggle = (id: string) =>
    setSelected((current) =>
      current.includes(id) ? current.filter((other) => other !== id) : [...current.slice(-1), id],
    )

  return (
    <div className="decisions__body decisions__body--runs">
      <section className="decisions__editor" aria-label="Runs">
        <p className="muted">
          Tick one run to read it again, or two to compare them side by side. A batch’s models are compared
          under its Scores, in the Batch tab.
        </p>
        <ErrorNote error={runs.error} onRetry={() => runs.refetch()} />
        {runs.data?.length === 0 ? (
          <EmptyState
            icon="decisions"
            title="No runs from Build and run yet"
            summary="Every run you make in “Build and run” is kept here with its questionnaire, input, answers and cost."
            steps={['Build a questionnaire and run it', 'Come back here to read or compare runs']}
          />
        ) : null}
        <ul className="run-list">
          {runs.data?.map((run) => (
            <li key={run.id}>
              <label
                className={`run-list__item${selected.includes(run.id) ? ' run-list__item--selected' : ''}`}
              >
                <input type="checkbox" checked={selected.includes(run.id)} onChange={() => toggle(run.id)} />
                <span className="run-list__text">
                  <strong>{run.questionnaireName ?? 'Questionnaire not kept'}</strong>
                  <span className="run-list__input">{run.input}</span>
                  <span className="muted">
                    {new Date(run.createdAt).toLocaleString('en-US')} · {run.model} · {formatUsd(run.cost)}
                  </span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      </section>
      <section className="run-panel runs-compare" aria-label="Selected runs">
        {records.length === 0 ? (
          <p className="muted">No run selected.</p>
        ) : (
          <>
            {records.length === 2 ? <ComparedAnswers records={records.map((record) => record.data)} /> : null}
            <div className="runs-compare__columns" data-count={records.length}>
              {records.map((record, index) => (
                <div key={shown[index]} className="runs-compare__column">
                  <ErrorNote error={record.error} onRetry={() => record.refetch()} />
                  {record.data ? (
                    <RunRecordView record={record.data} onClose={() => toggle(record.data.id)} />
                  ) : null}
                </div>
              ))}
            </div>
          </>
        )}
      </section>
    </div>
  )
}

/** Two runs' answers in one table, question by question, the answers that differ marked. */
function ComparedAnswers({ records }: { records: (DecisionRunRecord | undefined)[] }) {
  const runs = records.map((record) =>
    record?.questionnaire ? shownAnswers(record.questionnaire as Questionnaire, record.response) : null,
  )
  if (runs.some((run) => run === null)) return null
  const compared = records as DecisionRunRecord[]
  const rows = compareAnswers(runs as ShownAnswer[][])
  const differing = rows.filter((row) => row.differs).length
  return (
    <table className="compare__table runs-compare__table">
      <caption>
        {differing === 0 ? 'Both runs answered alike.' : `${counted(differing, 'answer')} differ, marked ≠.`}
      </caption>
      <thead>
        <tr>
          <th scope="col">Question</th>
          {/* Each run by when it ran and what it was asked about: "first" and "second" said neither. */}
          {compared.map((record) => (
            <th key={record.id} scope="col">
              <span className="runs-compare__when">{runTime(record)}</span>{' '}
              <span className="runs-compare__about muted">{inputPreview(runContent(record), 48)}</span>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.title} className={row.differs ? 'runs-compare__differs' : undefined}>
            <th scope="row">
              {row.differs ? (
                <>
                  <span aria-hidden="true">≠ </span>
                  <span className="visually-hidden">Differs: </span>
                </>
              ) : null}
              {row.title}
            </th>
            {row.answers.map((answer, at) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the two runs' columns are fixed in place
              <td key={at}>{answer ?? 'not asked'}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  )
}

const runTime = (record: DecisionRunRecord) => new Date(record.createdAt).toLocaleString('en-US')

/** What a run was asked about: its text, its JSON or its messages. */
function runContent(record: DecisionRunRecord) {
  const request = record.request as { input?: unknown; state?: unknown }
  return (request.input ?? request.state ?? '') as DecisionInput
}

function RunRecordView({ record, onClose }: { record: DecisionRunRecord; onClose: () => void }) {
  const client = useQueryClient()
  const load = useQuestionnaire((state) => state.load)
  const input = useRunInput()
  const remove = useMutation({
    mutationFn: () => invoke('decisions.runDelete', { id: record.id }),
    onSuccess: () => {
      onClose()
      void client.invalidateQueries({ queryKey: queryKeys.decisionRuns() })
    },
  })
  const questionnaire = record.questionnaire as Questionnaire | null
  const content = runContent(record)
  return (
    <article className="run-record" aria-label={`Run of ${runTime(record)}`}>
      <h3>{questionnaire?.name ?? 'Run'}</h3>
      <p className="muted">
        {record.model} · {record.endpoint} · {formatUsd(record.cost)}
      </p>
      <p className="run-record__input">{inputPreview(content, 400)}</p>
      {questionnaire ? (
        shownAnswers(questionnaire, record.response).map((answer) => (
          <AnswerView key={answer.question.id} answer={answer} />
        ))
      ) : (
        <pre className="code-block">{JSON.stringify(record.response.answers, null, 2)}</pre>
      )}
      <div className="form-actions">
        <CopyLink path={pathTo('/decisions', { view: 'runs', run: record.id })} what="run" />
        {questionnaire ? (
          <button
            type="button"
            className="button"
            onClick={() => {
              load(questionnaire)
              if (typeof content === 'string') {
                input.setMode('text')
                input.setText(content)
              } else if (!Array.isArray(content)) {
                input.setMode('json')
                input.setText(JSON.stringify(content, null, 2))
              }
              setRouteParams('/decisions', { view: null })
            }}
          >
            Open in the editor
          </button>
        ) : null}
        <button type="button" className="button button--quiet button--danger" onClick={() => remove.mutate()}>
          Delete
        </button>
      </div>
      <ErrorNote error={remove.error} />
    </article>
  )
}
