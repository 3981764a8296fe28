// The options of a choice question and the levels of a score question: add, edit, reorder, paste a list.
import { useState } from 'react'
import { choicesFromLines, type QuestionDraft } from '#shared/domain/questionnaire'
import type { Violation } from '#shared/domain/violation'
import { edits, newId, useQuestionnaire } from './store.ts'

/** The message for row `index` of `field` (`choices` or `levels`), if the builder flagged it. */
const rowProblem = (problems: readonly Violation[], field: string) => (index: number) =>
  problems.find((problem) => problem.path[2] === field && problem.path[3] === index)?.message

export function ChoicesEditor({
  question,
  problems,
}: {
  question: QuestionDraft
  problems: readonly Violation[]
}) {
  const change = useQuestionnaire((state) => state.change)
  const [pasting, setPasting] = useState(false)
  const [pasted, setPasted] = useState('')
  const setChoices = (choices: QuestionDraft['choices'], typing = false) =>
    change(edits.update(question.id, { choices }), typing ? `${question.id}.choices` : undefined)
  return (
    <div className="options">
      <OptionRows
        label="Choices"
        noun="Choice"
        primary="value"
        firstNumber={1}
        items={question.choices}
        problemAt={rowProblem(problems, 'choices')}
        onChange={(choices, typing) => setChoices(choices, typing)}
      />
      <div className="options__actions">
        <button
          type="button"
          className="button button--small"
          onClick={() => setChoices([...question.choices, { id: newId(), value: '', description: '' }])}
          disabled={question.choices.length >= 255}
        >
          Add choice
        </button>
        <button
          type="button"
          className="button button--small button--quiet"
          onClick={() => setPasting(!pasting)}
        >
          Paste a list
        </button>
        <span className="muted">{question.choices.length} of 255</span>
      </div>
      {pasting ? (
        <div className="options__paste">
          <textarea
            aria-label="Choices, one per line"
            rows={4}
            value={pasted}
            onChange={(event) => setPasted(event.target.value)}
            placeholder={'billing: invoices and refunds\nshipping: parcels'}
          />
          <button
            type="button"
            className="button button--small"
            onClick={() => {
              setChoices(
                [...question.choices.filter((c) => c.value.trim()), ...choicesFromLines(pasted, newId)].slice(
                  0,
                  255,
                ),
              )
              setPasted('')
              setPasting(false)
            }}
          >
            Add these choices
          </button>
        </div>
      ) : null}
    </div>
  )
}

export function LevelsEditor({
  question,
  problems,
}: {
  question: QuestionDraft
  problems: readonly Violation[]
}) {
  const change = useQuestionnaire((state) => state.change)
  const setLevels = (levels: QuestionDraft['levels'], typing = false) =>
    change(edits.update(question.id, { levels }), typing ? `${question.id}.levels` : undefined)
  return (
    <div className="options">
      <div className="scale" aria-hidden="true">
        {question.levels.map((level, index) => (
          <span key={level.id} className="scale__step">
            <span className="scale__dot" />
            <span className="scale__label">
              {index} {level.label}
            </span>
          </span>
        ))}
      </div>
      <OptionRows
        label="Levels, lowest first"
        noun="Level"
        primary="label"
        firstNumber={0}
        items={question.levels}
        problemAt={rowProblem(problems, 'levels')}
        onChange={(levels, typing) => setLevels(levels, typing)}
      />
      <div className="options__actions">
        <button
          type="button"
          className="button button--small"
          disabled={question.levels.length >= 10}
          onClick={() => setLevels([...question.levels, { id: newId(), label: '', description: '' }])}
        >
          Add level
        </button>
        <span className="muted">{question.levels.length} of 2–10, lowest first</span>
      </div>
    </div>
  )
}

/** Rows of options (choices or levels): the value or label, what it means, and a remove button. */
function OptionRows<
  K extends 'value' | 'label',
  T extends { id: string; description: string } & Record<K, string>,
>(props: {
  label: string
  noun: string
  primary: K
  firstNumber: number
  items: T[]
  problemAt: (index: number) => string | undefined
  /** `typing` when the change is a keystroke in a row, so a word typed is one undo step. */
  onChange: (items: T[], typing?: boolean) => void
}) {
  const { primary, noun } = props
  const edit = (id: string, patch: Partial<T>) =>
    props.onChange(
      props.items.map((item) => (item.id === id ? { ...item, ...patch } : item)),
      true,
    )
  return (
    <ol className="options__list" aria-label={props.label}>
      {props.items.map((item, index) => {
        const number = index + props.firstNumber
        const problem = props.problemAt(index)
        const errorId = `${item.id}-problem`
        return (
          <li key={item.id} className="options__row">
            {props.firstNumber === 0 ? <span className="options__index">{number}</span> : null}
            <input
              aria-label={`${noun} ${number} ${primary}`}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? errorId : undefined}
              value={item[primary]}
              placeholder={primary}
              onChange={(event) => edit(item.id, { [primary]: event.target.value } as Partial<T>)}
            />
            <input
              aria-label={`${noun} ${number} description`}
              value={item.description}
              placeholder="what it means (optional)"
              onChange={(event) => edit(item.id, { description: event.target.value } as Partial<T>)}
            />
            <button
              type="button"
              className="button button--quiet button--small"
              aria-label={`Remove ${noun.toLowerCase()} ${number}`}
              onClick={() => props.onChange(props.items.filter((other) => other.id !== item.id))}
            >
              ×
            </button>
            {problem ? (
              <span id={errorId} className="field-error options__problem">
                {problem}
              </span>
            ) : null}
          </li>
        )
      })}
    </ol>
  )
}
