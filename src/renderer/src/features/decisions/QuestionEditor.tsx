// One question of the questionnaire: its kind, name and instructions, and its criteria, choices or levels,
// with the document's rules shown at the fields they concern.
import { memo, useId, useState } from 'react'
import { instructionsOf, type QuestionDraft, type QuestionKind } from '#shared/domain/questionnaire'
import type { Violation } from '#shared/domain/violation'
import { ErrorNote } from '../../components/ErrorNote.tsx'
import { ChoicesEditor, LevelsEditor } from './OptionsEditor.tsx'
import { blankQuestion, edits, useQuestionnaire } from './store.ts'

const questionDragType = 'application/x-gateway-desk-question'

const kinds: { value: QuestionKind; label: string }[] = [
  { value: 'predicate', label: 'Yes / no' },
  { value: 'choice', label: 'Choice' },
  { value: 'score', label: 'Score' },
]

interface QuestionEditorProps {
  question: QuestionDraft
  index: number
  count: number
  problems: Violation[]
  jsonFields: string[]
  /** The service's error when its message names this question. */
  serviceError?: unknown
}

const messagesOf = (problems: Violation[]) =>
  problems.map((problem) => `${problem.path.join('.')}:${problem.message}`).join('\n')

/** A keystroke in one question re-renders that question only: the others' props are equal by value. */
export const QuestionEditor = memo(
  QuestionEditorView,
  (before, after) =>
    before.question === after.question &&
    before.index === after.index &&
    before.count === after.count &&
    before.serviceError === after.serviceError &&
    before.jsonFields.join('\n') === after.jsonFields.join('\n') &&
    messagesOf(before.problems) === messagesOf(after.problems),
)

function QuestionEditorView(given: QuestionEditorProps) {
  const { question, index } = given
  // A question just added, with nothing written in it yet, is not wrong: its problems show once the person has
  // left one of its fields (or written something).
  const [left, setLeft] = useState(false)
  const untouched = !left && !question.name.trim() && !question.instructions.trim()
  const props = untouched ? { ...given, problems: [] } : given
  const change = useQuestionnaire((state) => state.change)
  const update = (patch: Partial<QuestionDraft>) =>
    change(edits.update(question.id, patch), `${question.id}.${Object.keys(patch).join()}`)
  // Messages about a whole field; those about one choice or level show at its row.
  const at = (field: string) =>
    props.problems
      .filter((problem) => problem.path[2] === field && problem.path.length === 3)
      .map((problem) => problem.message)
  const jsonBroken = question.instructionsAsJson && instructionsOf(question) === null
  const instructionProblems = [...(jsonBroken ? ['This is not a JSON object.'] : []), ...at('instructions')]
  const title = `Question ${index + 1}`
  const fieldId = useId()

  return (
    <article
      className="question"
      aria-label={title}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setLeft(true)
      }}
      onDragOver={(event) => {
        if (event.dataTransfer.types.includes(questionDragType)) event.preventDefault()
      }}
      onDrop={(event) => {
        const id = event.dataTransfer.getData(questionDragType)
        if (!id) return
        event.preventDefault()
        change(edits.moveTo(id, index))
      }}
      onKeyDown={(event) => {
        if (event.altKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
          event.preventDefault()
          change(edits.move(question.id, event.key === 'ArrowUp' ? -1 : 1))
        }
      }}
    >
      <header className="question__head">
        <button
          type="button"
          aria-label={`Drag to reorder ${title}`}
          className="question__number"
          draggable
          title="Drag to reorder (or Alt+↑/↓)"
          onDragStart={(event) => {
            event.dataTransfer.setData(questionDragType, question.id)
            event.dataTransfer.effectAllowed = 'move'
          }}
        >
          {index + 1}
        </button>
        <select
          aria-label={`${title} type`}
          value={question.kind}
          onChange={(event) => {
            const kind = event.target.value as QuestionKind
            const fresh = blankQuestion(kind)
            update({
              kind,
              choices: question.choices.length ? question.choices : fresh.choices,
              levels: question.levels.length ? question.levels : fresh.levels,
            })
          }}
        >
          {kinds.map((kind) => (
            <option key={kind.value} value={kind.value}>
              {kind.label}
            </option>
          ))}
        </select>
        <input
          aria-label={`${title} name`}
          className="question__name"
          value={question.name}
          aria-invalid={at('name').length > 0 ? true : undefined}
          placeholder="name (echoed in the answer)"
          onChange={(event) => update({ name: event.target.value })}
        />
        <span className="question__actions">
          <button
            type="button"
            className="button button--quiet button--small"
            aria-label={`Move ${title} up`}
            disabled={index === 0}
            onClick={() => change(edits.move(question.id, -1))}
          >
            ↑
          </button>
          <button
            type="button"
            className="button button--quiet button--small"
            aria-label={`Move ${title} down`}
            disabled={index === props.count - 1}
            onClick={() => change(edits.move(question.id, 1))}
          >
            ↓
          </button>
          <button
            type="button"
            className="button button--quiet button--small"
            onClick={() => change(edits.duplicate(question.id))}
          >
            Duplicate
          </button>
          <button
            type="button"
            className="button button--quiet button--small button--danger"
            aria-label={`Delete ${title}`}
            onClick={() => change(edits.remove(question.id))}
          >
            Delete
          </button>
        </span>
      </header>
      <ErrorNote error={props.serviceError} />
      {at('name').map((message) => (
        <p key={message} className="field-error">
          {message}
        </p>
      ))}
      {/* The label names the text alone; the checkbox has its own, so a click on "Instructions" focuses the text. */}
      <div className="field">
        <span className="field__label question__instructions-label">
          <label htmlFor={`${fieldId}-instructions`}>Instructions</label>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={question.instructionsAsJson}
              onChange={(event) => update({ instructionsAsJson: event.target.checked })}
            />
            as a JSON object
          </label>
        </span>
        <textarea
          id={`${fieldId}-instructions`}
          aria-label={`${title} instructions`}
          aria-describedby={instructionProblems.length ? `${fieldId}-instructions-problems` : undefined}
          rows={2}
          className={question.instructionsAsJson ? 'code-input' : undefined}
          value={question.instructions}
          aria-invalid={instructionProblems.length ? true : undefined}
          placeholder={
            question.instructionsAsJson
              ? '{"question": "…", "reference": {…}}'
              : 'What should the model decide?'
          }
          onChange={(event) => update({ instructions: event.target.value })}
        />
        {instructionProblems.length ? (
          <span id={`${fieldId}-instructions-problems`} className="field-error">
            {instructionProblems.join(' ')}
          </span>
        ) : null}
        {props.jsonFields.length ? (
          <span className="muted">
            Fields of the input you can name in backticks:{' '}
            {props.jsonFields.map((f) => `\`${f}\``).join(', ')}
          </span>
        ) : null}
      </div>
      {question.kind === 'predicate' ? (
        <div className="field-row">
          <label className="field">
            <span className="field__label">Yes means</span>
            <input
              value={question.criteriaTrue}
              onChange={(event) => update({ criteriaTrue: event.target.value })}
              placeholder="optional"
            />
          </label>
          <label className="field">
            <span className="field__label">No means</span>
            <input
              value={question.criteriaFalse}
              onChange={(event) => update({ criteriaFalse: event.target.value })}
              placeholder="optional"
            />
          </label>
          <ThresholdField threshold={question.threshold} onThreshold={(threshold) => update({ threshold })} />
        </div>
      ) : null}
      {question.kind === 'choice' ? <ChoicesEditor question={question} problems={props.problems} /> : null}
      {question.kind === 'score' ? <LevelsEditor question={question} problems={props.problems} /> : null}
      {[...at('choices'), ...at('levels'), ...at('criteria')].map((message) => (
        <p key={message} className="field-error">
          {message}
        </p>
      ))}
    </article>
  )
}

/**
 * The threshold a text gives: a probability from 0 to 1 written out (a comma taken for the decimal point), none
 * for an empty text, null for anything else.
 */
const thresholdOf = (text: string): number | undefined | null => {
  const written = text.trim().replace(',', '.')
  if (written === '') return undefined
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(written)) return null
  const value = Number(written)
  return value >= 0 && value <= 1 ? value : null
}

/**
 * From which probability of yes the answer reads as yes: in the table, exports and scores (0.5 when empty). It
 * is taken when the person leaves the field or presses Enter, so that a number half typed is never used.
 */
function ThresholdField(props: {
  threshold: number | undefined
  onThreshold: (threshold: number | undefined) => void
}) {
  const [text, setText] = useState(props.threshold === undefined ? '' : String(props.threshold))
  const [unreadable, setUnreadable] = useState(false)
  const hint = useId()
  // A threshold set elsewhere (the scores' “Read yes from …”) replaces what the field holds.
  const [shown, setShown] = useState(props.threshold)
  if (props.threshold !== shown) {
    setShown(props.threshold)
    setText(props.threshold === undefined ? '' : String(props.threshold))
    setUnreadable(false)
  }
  const take = () => {
    const threshold = thresholdOf(text)
    setUnreadable(threshold === null)
    if (threshold === null || threshold === props.threshold) return
    setShown(threshold)
    props.onThreshold(threshold)
  }
  return (
    <label className="field">
      <span className="field__label">Yes from</span>
      <input
        inputMode="decimal"
        value={text}
        placeholder="0.5"
        aria-invalid={unreadable || undefined}
        aria-describedby={hint}
        onChange={(event) => setText(event.target.value)}
        onBlur={take}
        onKeyDown={(event) => {
          if (event.key === 'Enter') take()
        }}
      />
      <span
        id={hint}
        className={unreadable ? 'field-error' : 'muted'}
        role={unreadable ? 'alert' : undefined}
      >
        {unreadable
          ? `“${text}” is not a probability: write one from 0 to 1, such as 0.7. The answers read yes from ${props.threshold ?? 0.5} meanwhile.`
          : 'The probability of yes from which the answer reads as yes.'}
      </span>
    </label>
  )
}
