// Labeling a batch's rows by keyboard, Prodigy's way: the rows where the model was least sure come first, each
// question shows the model's answer as a suggestion, one key gives an answer (Y or N, an option's number, a level's
// number), Enter takes the suggestion, Backspace takes the last label back; ← and → pick another question of the
// row, to label it again. Each label is saved the moment it is given, and the scores below read them as an
// expected column.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo, useRef, useState } from 'react'
import { answerParts, type ShownAnswer, shownAnswers } from '#shared/domain/answers'
import { expectedColumns, titleOf } from '#shared/domain/evaluation-set'
import {
  predicateSureness,
  type QuestionDraft,
  type Questionnaire,
  yesFrom,
} from '#shared/domain/questionnaire'
import type { BatchItem } from '#shared/ipc/routes/batches'
import { ErrorNote } from '../../components/ErrorNote.tsx'
import { invoke, queryKeys } from '../../ipc.ts'
import type { BatchDetail } from './batch-detail.ts'

type Detail = BatchDetail

/**
 * How sure the model was of a row: the least of its answers' probabilities (of the answer it gave). A yes or no
 * counts by how far its probability is from the question's threshold, as a share of the room on that side (at a
 * threshold of 0.5, the probability of the answer given).
 */
function surenessOf(answers: readonly ShownAnswer[]): number {
  let least = 1
  for (const answer of answers) {
    const { number } = answerParts(answer)
    if (answer.probability !== undefined) {
      least = Math.min(least, predicateSureness(answer.probability, yesFrom(answer.question)))
    } else if (answer.score !== undefined)
      least = Math.min(least, answer.options?.[Math.round(answer.score)]?.probability ?? 1)
    else if (number !== null) least = Math.min(least, number)
  }
  return least
}

/** The keys that label a question, each with the label it gives: Y and N, an option's number, a level's. */
function keysOf(question: QuestionDraft): [key: string, label: string][] {
  if (question.kind === 'predicate')
    return [
      ['y', 'yes'],
      ['n', 'no'],
    ]
  if (question.kind === 'choice')
    return question.choices.slice(0, 9).map((choice, at) => [String(at + 1), choice.value])
  return question.levels.slice(0, 10).map((level, at) => [String(at), level.label])
}

/** The label a key gives to a question, or null. */
const labelOfKey = (question: QuestionDraft, key: string): string | null =>
  keysOf(question).find(([one]) => one === key)?.[1] ?? null

export function BatchLabeling(props: {
  batchId: string
  questionnaire: Questionnaire
  items: readonly BatchItem[]
  /** A CSV batch's columns: a question's expected answer in the file shows beside the model's. */
  sourceColumns: readonly string[]
  onClose: () => void
}) {
  const { questionnaire, items } = props
  const questions = questionnaire.questions
  const inFile = useMemo(
    () => expectedColumns(questionnaire, props.sourceColumns).columns,
    [questionnaire, props.sourceColumns],
  )
  const client = useQueryClient()
  // The rows to label, least sure first; worked out once, so a row does not move while it is labeled.
  const [order] = useState(() =>
    items
      .filter((item) => item.status === 'done' && item.response)
      .map((item) => ({
        index: item.index,
        sureness: item.response ? surenessOf(shownAnswers(questionnaire, item.response)) : 1,
      }))
      .sort((a, b) => a.sureness - b.sureness || a.index - b.index)
      .map((row) => row.index),
  )
  const byIndex = useMemo(() => new Map(items.map((item) => [item.index, item])), [items])
  // The labels as given here: the next key reads them at once (the batch as the page holds it follows after).
  const [given, setGiven] = useState(
    () => new Map(items.map((item) => [item.index, item.labels ?? ({} as Record<string, string>)])),
  )
  const labelsOf = (index: number) => given.get(index) ?? {}
  const complete = (index: number) => questions.every((_, q) => labelsOf(index)[String(q)] !== undefined)
  const [at, setAt] = useState(() =>
    Math.max(
      0,
      order.findIndex((index) => !complete(index)),
    ),
  )
  /** The question picked with ← and → (or its Change button) on the row at `at`; another row starts unpicked. */
  const [pickedOn, setPickedOn] = useState<{ at: number; question: number } | null>(null)
  const picked = pickedOn?.at === at ? pickedOn.question : null
  const setPicked = (question: number | null) => setPickedOn(question === null ? null : { at, question })
  const row = useRef<HTMLDivElement>(null)
  useEffect(() => row.current?.focus(), [])
  const taken = useRef<{ index: number; question: number; before: string | undefined }[]>([])
  const save = useMutation({
    mutationFn: (label: { index: number; question: number; value: string | null }) =>
      invoke('batches.label', { id: props.batchId, ...label }),
  })

  const rowIndex = order[at]
  const item = rowIndex === undefined ? undefined : byIndex.get(rowIndex)
  const answers = item?.response ? shownAnswers(questionnaire, item.response) : []
  const labels = rowIndex === undefined ? {} : labelsOf(rowIndex)
  const open = questions.findIndex((_, q) => labels[String(q)] === undefined)
  // A row labeled whole has no question highlighted until one is picked: a key pressed past the last row changes
  // nothing.
  const active = rowIndex === undefined ? -1 : (picked ?? open)
  const labeledRows = order.filter(complete).length
  // The scores count a row with any label; here a row is done once every question has one.
  const inPart =
    questions.length > 1
      ? order.filter((index) => !complete(index) && Object.keys(labelsOf(index)).length > 0).length
      : 0

  /** Writes a label into the batch as the page holds it, then saves it. */
  function give(index: number, question: number, value: string | null) {
    setGiven((before) => {
      const next = new Map(before)
      const row: Record<string, string> = { ...(before.get(index) ?? {}) }
      if (value === null) delete row[String(question)]
      else row[String(question)] = value
      return next.set(index, row)
    })
    client.setQueryData<Detail>(queryKeys.batch(props.batchId), (detail) =>
      detail
        ? {
            ...detail,
            items: detail.items.map((one) => {
              if (one.index !== index) return one
              const next: Record<string, string> = { ...(one.labels ?? {}) }
              if (value === null) delete next[String(question)]
              else next[String(question)] = value
              return { ...one, labels: next }
            }),
          }
        : detail,
    )
    save.mutate({ index, question, value })
  }

  function label(value: string) {
    if (rowIndex === undefined || !questions[active]) return
    taken.current.push({ index: rowIndex, question: active, before: labels[String(active)] })
    give(rowIndex, active, value)
    // The row's last question labeled: on to the next row. A label given again stays on its row and question.
    if (open === -1) return
    setPicked(null)
    if (questions.every((_, q) => q === active || labels[String(q)] !== undefined))
      setAt((now) => Math.min(order.length - 1, now + 1))
  }

  function onKeyDown(event: React.KeyboardEvent) {
    // A button of the row (tabbed to) takes its own keys.
    if (event.target !== event.currentTarget) return
    const key = event.key.toLowerCase()
    const mod = event.ctrlKey || event.metaKey
    if (key === 'backspace' || (mod && key === 'z')) {
      const last = taken.current.pop()
      if (!last) return
      event.preventDefault()
      give(last.index, last.question, last.before ?? null)
      setAt(Math.max(0, order.indexOf(last.index)))
      setPicked(null)
      return
    }
    if (mod || event.altKey) return
    if (key === 'arrowdown' || key === 'j') setAt((now) => Math.min(order.length - 1, now + 1))
    else if (key === 'arrowup' || key === 'k') setAt((now) => Math.max(0, now - 1))
    else if ((key === 'arrowright' || key === 'arrowleft') && questions.length > 0) {
      // From no question: → the first, ← the last.
      const from = active === -1 && key === 'arrowleft' ? 0 : active
      setPicked((from + (key === 'arrowright' ? 1 : questions.length - 1)) % questions.length)
    } else if (key === 'escape') props.onClose()
    else if (active !== -1) {
      const question = questions[active]
      const answer = answers[active]
      const value =
        key === 'enter'
          ? answer
            ? answerParts(answer).value || null
            : null
          : question
            ? labelOfKey(question, key)
            : null
      if (value === null) return
      label(value)
    } else return
    event.preventDefault()
  }

  return (
    <section className="batch-labeling" aria-label="Label rows">
      <div className="batch-labeling__top">
        <h2>Label rows</h2>
        <p role="status">
          {labeledRows} of {order.length} rows labeled{questions.length > 1 ? ' on every question' : ''}
          {inPart > 0 ? ` · ${inPart} more in part` : ''}
          {save.isPending ? ' · saving…' : ''}
        </p>
        <button type="button" className="button" onClick={props.onClose}>
          Done labeling
        </button>
      </div>
      <p className="muted">
        The rows where the model was least sure come first. A key (or its button) gives the highlighted
        question its answer, Enter takes the model’s, Backspace takes the last one back, ↑ and ↓ move between
        rows, ← and → pick another question of the row to label it again. Each label is kept at once and
        belongs to the input: a new run of this questionnaire starts with the labels given so far, and a label
        given later reaches its runs with the same input in the same row. The scores read the labels where a
        question’s Expected answer is “labeled here”.
      </p>
      <ErrorNote error={save.error} />
      {item ? (
        // The keys of labeling are read where the focus is: the row, a group a person tabs to.
        <div
          ref={row}
          className="batch-labeling__row"
          tabIndex={0}
          role="group"
          onKeyDown={onKeyDown}
          aria-label={`Row ${at + 1} of ${order.length}`}
        >
          <p className="batch-labeling__where muted">
            Row {at + 1} of {order.length} · line {item.line ?? item.index + 1}
          </p>
          <p className="batch-labeling__input">
            {typeof item.input === 'string' ? item.input : JSON.stringify(item.input)}
          </p>
          <ol className="batch-labeling__questions">
            {questions.map((question, q) => {
              const answer = answers[q]
              const labeled = labels[String(q)]
              return (
                <li key={question.id} aria-current={q === active ? 'step' : undefined}>
                  <strong>{titleOf(question, q)}</strong>{' '}
                  <span className="muted">model: {answer ? answerParts(answer).value : '—'}</span>{' '}
                  {inFile.has(q) ? (
                    <span className="muted">
                      · file: {item.source?.[inFile.get(q) ?? -1]?.trim() || '—'}{' '}
                    </span>
                  ) : null}
                  <span className="batch-labeling__given">
                    {labeled === undefined ? 'not labeled' : `labeled ${labeled}`}
                  </span>{' '}
                  {q !== active && labeled !== undefined ? (
                    <button
                      type="button"
                      className="link-button"
                      aria-label={`Change the label of ${titleOf(question, q)}`}
                      onClick={() => {
                        setPicked(q)
                        row.current?.focus()
                      }}
                    >
                      Change
                    </button>
                  ) : null}
                  {q === active ? (
                    <span className="batch-labeling__keys">
                      {keysOf(question).map(([key, value]) => (
                        <button
                          key={key}
                          type="button"
                          className="button button--small"
                          onClick={() => {
                            label(value)
                            row.current?.focus()
                          }}
                        >
                          <kbd>{key.toUpperCase()}</kbd> {value}
                        </button>
                      ))}
                      {answer && answerParts(answer).value ? (
                        <button
                          type="button"
                          className="button button--small"
                          onClick={() => {
                            label(answerParts(answer).value)
                            row.current?.focus()
                          }}
                        >
                          <kbd>Enter</kbd> the model’s
                        </button>
                      ) : null}
                    </span>
                  ) : null}
                </li>
              )
            })}
          </ol>
        </div>
      ) : (
        <p className="muted">This batch has no answered row to label.</p>
      )}
    </section>
  )
}
