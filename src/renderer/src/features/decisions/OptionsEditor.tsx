// The options of a choice question and the levels of a score question: add, edit, reorder, paste a list.
import { memo, useCallback, useRef, useState } from 'react'
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
  // The rows' handlers read the latest list through this, so they stay the same function from one keystroke
  // to the next, and a keystroke renders only the row it changed (a choice question has up to 255).
  const latest = useRef(props)
  latest.current = props
  const edit = useCallback((id: string, patch: Partial<OptionFields>) => {
    const { items, onChange } = latest.current
    onChange(
      items.map((item) => (item.id === id ? { ...item, ...patch } : item)),
      true,
    )
  }, [])
  const remove = useCallback((id: string) => {
    const { items, onChange } = latest.current
    onChange(items.filter((other) => other.id !== id))
  }, [])
  return (
    <ol className="options__list" aria-label={props.label}>
      {props.items.map((item, index) => (
        <OptionRow
          key={item.id}
          id={item.id}
          number={index + props.firstNumber}
          showNumber={props.firstNumber === 0}
          noun={props.noun}
          primary={props.primary}
          primaryValue={item[props.primary]}
          description={item.description}
          problem={props.problemAt(index)}
          onEdit={edit}
          onRemove={remove}
        />
      ))}
    </ol>
  )
}

type OptionFields = { value: string; label: string; description: string }

const OptionRow = memo(function OptionRow(props: {
  id: string
  number: number
  showNumber: boolean
  noun: string
  primary: 'value' | 'label'
  primaryValue: string
  description: string
  problem: string | undefined
  onEdit: (id: string, patch: Partial<OptionFields>) => void
  onRemove: (id: string) => void
}) {
  const { id, number, noun, primary, problem } = props
  const errorId = `${id}-problem`
  return (
    <li className="options__row">
      {props.showNumber ? <span className="options__index">{number}</span> : null}
      <input
        aria-label={`${noun} ${number} ${primary}`}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? errorId : undefined}
        value={props.primaryValue}
        placeholder={primary}
        onChange={(event) => props.onEdit(id, { [primary]: event.target.value })}
      />
      <input
        aria-label={`${noun} ${number} description`}
        value={props.description}
        placeholder="what it means (optional)"
        onChange={(event) => props.onEdit(id, { description: event.target.value })}
      />
      <button
        type="button"
        className="button button--quiet button--small"
        aria-label={`Remove ${noun.toLowerCase()} ${number}`}
        onClick={() => props.onRemove(id)}
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
})
