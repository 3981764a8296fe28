// The options of a choice question and the levels of a score question: add, edit, reorder, paste a list.
import { useState } from 'react'
import { choicesFromLines, type QuestionDraft } from '#shared/domain/questionnaire'
import { edits, newId, useQuestionnaire } from './store.ts'

export function ChoicesEditor({ question }: { question: QuestionDraft }) {
  const change = useQuestionnaire((state) => state.change)
  const [pasting, setPasting] = useState(false)
  const [pasted, setPasted] = useState('')
  const setChoices = (choices: QuestionDraft['choices']) => change(edits.update(question.id, { choices }))
  return (
    <div className="options">
      <ol className="options__list" aria-label="Choices">
        {question.choices.map((choice, index) => (
          <li key={choice.id} className="options__row">
            <input
              aria-label={`Choice ${index + 1} value`}
              value={choice.value}
              placeholder="value"
              onChange={(event) =>
                setChoices(
                  question.choices.map((c) => (c.id === choice.id ? { ...c, value: event.target.value } : c)),
                )
              }
            />
            <input
              aria-label={`Choice ${index + 1} description`}
              value={choice.description}
              placeholder="what it means (optional)"
              onChange={(event) =>
                setChoices(
                  question.choices.map((c) =>
                    c.id === choice.id ? { ...c, description: event.target.value } : c,
                  ),
                )
              }
            />
            <button
              type="button"
              className="button button--quiet button--small"
              aria-label={`Remove choice ${index + 1}`}
              onClick={() => setChoices(question.choices.filter((c) => c.id !== choice.id))}
            >
              ×
            </button>
          </li>
        ))}
      </ol>
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

export function LevelsEditor({ question }: { question: QuestionDraft }) {
  const change = useQuestionnaire((state) => state.change)
  const setLevels = (levels: QuestionDraft['levels']) => change(edits.update(question.id, { levels }))
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
      <ol className="options__list" aria-label="Levels, lowest first">
        {question.levels.map((level, index) => (
          <li key={level.id} className="options__row">
            <span className="options__index">{index}</span>
            <input
              aria-label={`Level ${index} label`}
              value={level.label}
              onChange={(event) =>
                setLevels(
                  question.levels.map((l) => (l.id === level.id ? { ...l, label: event.target.value } : l)),
                )
              }
            />
            <input
              aria-label={`Level ${index} description`}
              value={level.description}
              placeholder="what it means (optional)"
              onChange={(event) =>
                setLevels(
                  question.levels.map((l) =>
                    l.id === level.id ? { ...l, description: event.target.value } : l,
                  ),
                )
              }
            />
            <button
              type="button"
              className="button button--quiet button--small"
              aria-label={`Remove level ${index}`}
              onClick={() => setLevels(question.levels.filter((l) => l.id !== level.id))}
            >
              ×
            </button>
          </li>
        ))}
      </ol>
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
