// Decisions: build a questionnaire visually, run it on content, read the answers at a glance.
import { useMemo, useState } from 'react'
import { checkQuestions, fromUnified } from '#shared/domain/decisions'
import { toUnifiedRequest } from '#shared/domain/questionnaire'
import { EmptyState } from '../../components/EmptyState.tsx'
import { ScreenHeader } from '../../components/ScreenHeader.tsx'
import { LibraryBar } from './LibraryBar.tsx'
import { QuestionEditor } from './QuestionEditor.tsx'
import { type DecisionCall, type InputMode, parseInput, RunPanel } from './RunPanel.tsx'
import { edits, useQuestionnaire } from './store.ts'
import './decisions.css'

export function DecisionsScreen() {
  const { questionnaire, change, undo, redo, past, future } = useQuestionnaire()
  const [inputMode, setInputMode] = useState<InputMode>('text')
  const [inputText, setInputText] = useState('')
  const [request, setRequest] = useState<DecisionCall | null>(null)
  const problems = useMemo(
    () => checkQuestions(fromUnified(toUnifiedRequest(questionnaire, '', '').questions)),
    [questionnaire],
  )
  const parsed = parseInput(inputMode, inputText)
  const jsonFields =
    parsed.ok && typeof parsed.input === 'object' && !Array.isArray(parsed.input)
      ? Object.keys(parsed.input)
      : []

  return (
    <div className="decisions">
      <ScreenHeader
        title="Decisions"
        subtitle="Typed answers about your content: yes/no, one of a list, or a score."
        actions={
          <>
            <button type="button" className="button" onClick={undo} disabled={past.length === 0}>
              Undo
            </button>
            <button type="button" className="button" onClick={redo} disabled={future.length === 0}>
              Redo
            </button>
          </>
        }
      />
      <div className="decisions__body">
        <section className="decisions__editor" aria-label="Questionnaire">
          <LibraryBar request={request} />
          <input
            className="decisions__title"
            aria-label="Questionnaire name"
            value={questionnaire.name}
            onChange={(event) => change(edits.rename(event.target.value))}
          />
          {questionnaire.questions.length === 0 ? (
            <EmptyState
              icon="decisions"
              title="No questions yet"
              summary="Add a yes/no, choice or score question. The model answers each one about the content on the right."
              steps={[
                'Name a question so its answer is easy to find',
                'Describe choices and levels so the model knows what they mean',
                'Run with Ctrl/⌘+Enter',
              ]}
            />
          ) : (
            questionnaire.questions.map((question, index) => (
              <QuestionEditor
                key={question.id}
                question={question}
                index={index}
                count={questionnaire.questions.length}
                problems={problems.filter((problem) => problem.path[1] === index)}
                jsonFields={jsonFields}
              />
            ))
          )}
          <div className="form-actions decisions__add">
            <button type="button" className="button" onClick={() => change(edits.add('predicate'))}>
              Add yes/no question
            </button>
            <button type="button" className="button" onClick={() => change(edits.add('choice'))}>
              Add choice question
            </button>
            <button type="button" className="button" onClick={() => change(edits.add('score'))}>
              Add score question
            </button>
          </div>
        </section>
        <RunPanel
          questionnaire={questionnaire}
          blocked={problems.length > 0}
          inputMode={inputMode}
          inputText={inputText}
          onRequest={setRequest}
          onInput={(mode, text) => {
            setInputMode(mode)
            setInputText(text)
          }}
        />
      </div>
    </div>
  )
}
