// A new batch: the questionnaire and its inputs (pasted lines, a CSV column or JSONL) in the wide area, where they
// can be read; beside them the model and format of single runs, a concurrency limit and a spend cap, with the
// estimated cost from the catalog prices, and Run, kept in view however long the inputs.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useMemo, useState } from 'react'
import { type BatchSource, batchLimits, type ParsedBatch } from '#shared/domain/batch-inputs'
import { estimateDecisionUnits } from '#shared/domain/decision-cost'
import { expectedColumns, expectedOf, titleOf } from '#shared/domain/evaluation-set'
import { formatAmount } from '#shared/domain/money'
import { type Questionnaire, toUnifiedRequest } from '#shared/domain/questionnaire'
import { blockedReason, builderProblems } from '#shared/domain/questionnaire-checks'
import { capFormatProblem } from '#shared/domain/spend-cap'
import { ErrorNote } from '../../components/ErrorNote.tsx'
import { formatUsd } from '../../format.ts'
import { invoke, queryKeys } from '../../ipc.ts'
import { setRouteParams } from '../../router.ts'
import { BatchInputsField } from './BatchInputsField.tsx'
import { useBatchReading } from './batch-reader.ts'
import { batchSourceOf, openAsBatchInputs, useBatchDraft } from './files.ts'
import { ModelPicker } from './ModelPicker.tsx'
import { decisionCall, useCurrentRequest, useRunSettings } from './run-settings.ts'

const sources: { value: BatchSource; label: string }[] = [
  { value: 'lines', label: 'Lines' },
  { value: 'csv', label: 'CSV' },
  { value: 'jsonl', label: 'JSONL' },
]

/** Said beside the count, so that the results' line numbers can be followed back to the text. */
const emptyLines = (count: number) =>
  count === 0 ? '' : `; ${count.toLocaleString('en-US')} empty line${count === 1 ? '' : 's'} left out`

/** The CSV's first rows shown, enough to see which column is which. */
const previewRows = 8

const nothingRead: ParsedBatch = { inputs: [], lines: [], empty: [], problems: [], readWhole: true }
const most = batchLimits.inputs.toLocaleString('en-US')

/** The questionnaire a batch runs: the one being built, or one from the library. */
function useBatchQuestionnaire() {
  const { questionnaire: built } = useCurrentRequest()
  const [pickedId, setPickedId] = useState('')
  const saved = useQuery({
    queryKey: queryKeys.questionnaires(),
    queryFn: () => invoke('questionnaires.list', {}),
  })
  const picked = useQuery({
    queryKey: [...queryKeys.questionnaires(), 'latest', pickedId],
    queryFn: () => invoke('questionnaires.get', { id: pickedId }),
    enabled: pickedId !== '',
  })
  const questionnaire = pickedId && picked.data ? picked.data : built
  const picker = (
    <label className="field batch-setup__questionnaire">
      <span className="field__label">Questionnaire</span>
      <select value={pickedId} onChange={(event) => setPickedId(event.target.value)}>
        <option value="">The one being built: {built.name}</option>
        {(saved.data ?? []).map((entry) => (
          <option key={entry.id} value={entry.id}>
            {entry.name} (saved, version {entry.latestVersion})
          </option>
        ))}
      </select>
      <ErrorNote error={picked.error} onRetry={() => picked.refetch()} />
    </label>
  )
  return { questionnaire, picker }
}

/** `children`: shown first, above the inputs (the batch picker). */
export function BatchSetup({
  children,
  onStarted,
}: {
  children?: ReactNode
  /** The batch started: its view replaces this one (where the focus goes is the view's). */
  onStarted?: () => void
}) {
  const { model } = useCurrentRequest()
  const { questionnaire, picker } = useBatchQuestionnaire()
  const settings = useRunSettings()
  // Kept while the app runs: opening an earlier batch and coming back finds the inputs as they were.
  const { source, text, file, column: chosenColumn, concurrency, cap, opening, change } = useBatchDraft()
  const [fileProblem, setFileProblem] = useState<string | null>(null)
  const client = useQueryClient()
  // Parsed off the page's thread; until the text shown is read, what was read before stays on screen.
  const reading = useBatchReading(source, text, chosenColumn)
  const parsed = reading.read?.parsed ?? nothingRead
  const column = reading.read?.column ?? chosenColumn ?? 0
  const header = source === 'csv' ? (reading.read?.columnNames ?? []) : []
  const csv = source === 'csv' ? (reading.read?.csv ?? null) : null
  const expected = useMemo(
    () => expectedWords(questionnaire, header, csv?.sources ?? [], parsed.lines),
    [questionnaire, header, csv, parsed.lines],
  )
  const problems = builderProblems(questionnaire)
  const estimate = useMemo(() => {
    if (!model) return null
    const questions = toUnifiedRequest(questionnaire, '', '').questions
    return parsed.inputs.reduce((sum, input) => sum + estimateDecisionUnits(model, input, questions), 0n)
  }, [model, questionnaire, parsed.inputs])
  const capProblem = capFormatProblem(cap)
  const tooMany = parsed.inputs.length > batchLimits.inputs
  // A file opened here is read as a drop on the window reads it: its name says whether it is lines, CSV or JSONL.
  const openFile = (picked: File) => {
    setFileProblem(null)
    const kind = batchSourceOf(picked.name)
    if (!kind) {
      setFileProblem(
        `${picked.name} is not batch inputs: open lines of text (.txt), a CSV with a header row (.csv) or JSON lines (.jsonl, .ndjson).`,
      )
      return
    }
    openAsBatchInputs(picked, kind).catch((error: Error) => setFileProblem(error.message))
  }
  const start = useMutation({
    mutationFn: () => {
      if (!model) throw new Error('Choose a model.')
      return invoke('batches.start', {
        questionnaire,
        template: decisionCall(questionnaire, '', model, settings),
        inputs: parsed.inputs,
        lines: parsed.lines,
        concurrency,
        spendCap: cap.trim() || null,
        ...(csv?.header.length ? { source: { columns: csv.header, rows: csv.sources } } : {}),
      })
    },
    onSuccess: (batch) => {
      void client.invalidateQueries({ queryKey: queryKeys.batches() })
      onStarted?.()
      setRouteParams('/decisions', { batch: batch.id })
    },
  })
  const canStart =
    model !== undefined &&
    opening === null &&
    reading.current &&
    parsed.readWhole &&
    parsed.inputs.length > 0 &&
    !tooMany &&
    problems.length === 0 &&
    questionnaire.questions.length > 0 &&
    capProblem === null &&
    !start.isPending

  return (
    <section className="batch-setup" aria-label="New batch">
      <div className="batch-setup__inputs">
        {children}
        <h2 className="section-title">New batch of “{questionnaire.name}”</h2>
        {picker}
        <p className="muted batch-setup__hint">
          Paste one input per line, or open a CSV or JSONL file. The answers come in as a table, one column
          per question.
        </p>
        <div className="segmented" role="radiogroup" aria-label="Inputs from">
          {sources.map((option) => (
            <label key={option.value} className="segmented__option">
              <input
                type="radio"
                name="batch-source"
                checked={source === option.value}
                onChange={() => change({ source: option.value })}
              />
              {option.label}
            </label>
          ))}
        </div>
        <BatchInputsField
          source={source}
          text={text}
          file={file}
          fileProblem={fileProblem}
          onType={(typed) => change({ text: typed, file: null })}
          onOpen={openFile}
          onClose={() => change({ text: '', file: null })}
        >
          {source === 'csv' && header.length > 0 ? (
            <label className="field">
              <span className="field__label">Input column</span>
              <select value={column} onChange={(event) => change({ column: Number(event.target.value) })}>
                {header.map((name, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a CSV column is its position; names may repeat
                  <option key={`${index}-${name}`} value={index}>
                    {name || `Column ${index + 1}`}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
        </BatchInputsField>
        {source === 'csv' && header.length > 0 && questionnaire.questions.length > 0 ? (
          <p className="muted">{expected}</p>
        ) : null}
        {csv && csv.header.length > 0 && csv.sources.length > 0 ? (
          <CsvPreview header={csv.header} rows={csv.sources.slice(0, previewRows)} column={column} />
        ) : null}
        <p className={tooMany || !parsed.readWhole ? 'field-error' : 'muted'} aria-live="polite">
          {tooMany
            ? `More than ${most} inputs — a batch takes at most ${most}. Split them into batches of at most ${most}.`
            : parsed.readWhole
              ? `${parsed.inputs.length.toLocaleString('en-US')} inputs${emptyLines(parsed.empty.length)}${
                  parsed.inputs.length === 0 && file ? nothingIn(source, text, header) : ''
                }`
              : `${parsed.inputs.length.toLocaleString('en-US')} inputs, and reading stopped at line ${parsed.problems.at(-1)?.line.toLocaleString('en-US')}: more than ${most} lines cannot be used.`}
        </p>
        {reading.problem ? (
          <p className="field-error" role="alert">
            {reading.problem}
          </p>
        ) : null}
        {parsed.problems.length > 0 ? (
          <ul className="field-error batch-setup__problems">
            {parsed.problems.slice(0, 5).map((problem) => (
              <li key={problem.line}>{problem.message}</li>
            ))}
            {parsed.problems.length > 5 ? (
              <li>…and {parsed.problems.length - 5} more lines skipped.</li>
            ) : null}
          </ul>
        ) : null}
      </div>
      <div className="batch-setup__settings run-panel">
        <ModelPicker />
        <div className="field-row">
          <label className="field field--narrow">
            <span className="field__label">Requests at once</span>
            <input
              type="number"
              min={1}
              max={batchLimits.concurrency}
              value={concurrency}
              onChange={(event) =>
                change({
                  concurrency: Math.min(
                    batchLimits.concurrency,
                    Math.max(1, Number(event.target.value) || 1),
                  ),
                })
              }
            />
          </label>
          <label className="field">
            <span className="field__label">Spend cap (USD)</span>
            <input
              inputMode="decimal"
              placeholder="no cap"
              value={cap}
              aria-invalid={capProblem ? true : undefined}
              onChange={(event) => change({ cap: event.target.value })}
            />
            {capProblem ? <span className="field-error">{capProblem}</span> : null}
          </label>
        </div>
        {estimate !== null && parsed.inputs.length > 0 ? (
          <p className="muted">
            About {formatUsd(formatAmount(estimate))} for {parsed.inputs.length.toLocaleString('en-US')}{' '}
            inputs at the catalog's prices{model?.dedicated ? ' (input tokens only)' : ''}.
          </p>
        ) : null}
        {problems.length > 0 ? <p className="field-error">{blockedReason(problems, questionnaire)}</p> : null}
        <div className="form-actions">
          <button
            type="button"
            className="button button--primary"
            disabled={!canStart}
            onClick={() => start.mutate()}
          >
            {start.isPending
              ? 'Starting…'
              : opening
                ? 'Opening the file…'
                : reading.current
                  ? `Run on ${parsed.inputs.length.toLocaleString('en-US')} inputs`
                  : 'Reading the inputs…'}
          </button>
        </div>
        <ErrorNote error={start.error} onRetry={canStart ? () => start.mutate() : undefined} />
      </div>
    </section>
  )
}

/** The first rows of a CSV, the column that will be decided about marked. */
function CsvPreview({ header, rows, column }: { header: string[]; rows: string[][]; column: number }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a wide table must be focusable to scroll by keyboard
    <section className="csv-preview" tabIndex={0} aria-label="First rows of the file">
      <table>
        <thead>
          <tr>
            {header.map((name, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a CSV column is its position; names may repeat
              <th key={index} className={index === column ? 'csv-preview__chosen' : undefined} scope="col">
                {name || `Column ${index + 1}`}
                {index === column ? ' (input)' : ''}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((cells, row) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: preview rows are a fixed excerpt
            <tr key={row}>
              {header.map((_, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a CSV column is its position
                <td key={index} className={index === column ? 'csv-preview__chosen' : undefined}>
                  {cells[index] ?? ''}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}

/** Why a file opened gave no input: it is empty, or holds its header alone. */
function nothingIn(source: string, text: string, header: readonly string[]): string {
  if (text.trim() === '') return ': the file is empty.'
  return source === 'csv' && header.length > 0 ? ': the file holds its header and no row.' : ''
}

/** The rows whose expected answers are read before the batch runs: enough to find a column of another question. */
const expectedRowsChecked = 5_000

/**
 * The file's columns the scores will read as each question's expected answers, said before the batch runs, with
 * the cells of them that are none of the question's answers (among the first rows), so that a wrong column is
 * found before the run is paid for.
 */
function expectedWords(
  questionnaire: Questionnaire,
  header: readonly string[],
  rows: readonly (readonly string[])[],
  lines: readonly number[],
): string {
  const found = [...expectedColumns(questionnaire, header).columns]
  const titles = questionnaire.questions.map(titleOf)
  if (found.length === 0)
    return `No column is named after a question (${titles.join(', ')}): name one so, or label the rows after the run, to score the answers.`
  const pairs = found.map(([question, column]) => `“${header[column]}” for ${titles[question]}`)
  const words = [`Expected answers: ${pairs.join(', ')}. The batch is scored against them when it finishes.`]
  const checked = rows.slice(0, expectedRowsChecked)
  for (const [question, column] of found) {
    const draft = questionnaire.questions[question]
    if (!draft) continue
    let count = 0
    let first = ''
    checked.forEach((cells, row) => {
      const read = expectedOf(draft, cells[column] ?? '')
      if (!read || !('problem' in read)) return
      count++
      first ||= `line ${lines[row] ?? row + 2}: ${read.problem}`
    })
    if (count > 0)
      words.push(
        `${count.toLocaleString('en-US')} ${count === 1 ? 'cell' : 'cells'} of “${header[column]}”${
          rows.length > checked.length ? ` in the first ${checked.length.toLocaleString('en-US')} rows` : ''
        } ${count === 1 ? 'is' : 'are'} not an answer to ${titles[question]} (${first}) and will be left out of its scores.`,
      )
  }
  return words.join(' ')
}
