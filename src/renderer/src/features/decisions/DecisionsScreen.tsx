// Decisions: build a questionnaire visually, run it on content or on many inputs, read and compare answers.

import { useEffect, useMemo, useRef } from 'react'
import { questionOfError } from '#shared/domain/questionnaire'
import { blockedReason, builderProblems } from '#shared/domain/questionnaire-checks'
import { AppError } from '#shared/ipc/app-error'
import { useCommands } from '../../commands.ts'
import { EmptyState } from '../../components/EmptyState.tsx'
import { ScreenHeader } from '../../components/ScreenHeader.tsx'
import { Tabs } from '../../components/Tabs.tsx'
import { useSlices } from '../../components/use-slices.ts'
import { invoke } from '../../ipc.ts'
import { useKeptDraft } from '../../kept-drafts.ts'
import { setRouteParams, useRouteParams } from '../../router.ts'
import { BatchView } from './BatchView.tsx'
import { useDraftKeeping } from './draft-keeping.ts'
import { LibraryBar } from './LibraryBar.tsx'
import { QuestionEditor } from './QuestionEditor.tsx'
import { RunPanel, useDecisionRun } from './RunPanel.tsx'
import { RunsView } from './RunsView.tsx'
import { keptRunInput } from './run-input.ts'
import { pathOf, useCurrentRequest, useRunSettings } from './run-settings.ts'
import { edits, useQuestionnaire } from './store.ts'
import './decisions.css'
import './batches.css'
import './scores.css'

const views = [
  { value: 'build', label: 'Build and run' },
  { value: 'batch', label: 'Batch' },
  { value: 'runs', label: 'Runs' },
] as const

export function DecisionsScreen() {
  const params = useRouteParams('/decisions')
  const view = params.view ?? 'build'
  // "Use in Decisions" from the model browser arrives as ?model=…
  const wanted = params.model
  const setRunSettings = useRunSettings((state) => state.set)
  useEffect(() => {
    if (!wanted) return
    setRunSettings({ modelId: wanted })
    setRouteParams('/decisions', { model: null })
  }, [wanted, setRunSettings])
  // A questionnaire file opened from the file manager arrives as ?opened=1: the builder takes it as a draft.
  const opened = params.opened
  const load = useQuestionnaire((state) => state.load)
  useEffect(() => {
    if (!opened) return
    setRouteParams('/decisions', { opened: null })
    invoke('questionnaires.takeOpened', {})
      .then((questionnaire) => {
        if (questionnaire) load(questionnaire)
      })
      .catch(() => {})
  }, [opened, load])
  const { undo, redo, past, future } = useQuestionnaire()
  useDraftKeeping()
  useKeptDraft(keptRunInput)
  return (
    <div className="decisions">
      <ScreenHeader
        title="Decisions"
        subtitle="Typed answers about your content: yes/no, one of a list, or a score."
        actions={
          <>
            <Tabs
              label="Decisions view"
              options={views}
              value={view}
              onChange={(value) => setRouteParams('/decisions', { view: value === 'build' ? null : value })}
            />
            <div className="screen-header__pair">
              <button
                type="button"
                className="button"
                onClick={undo}
                disabled={past.length === 0}
                aria-keyshortcuts="Control+Z"
                title="Undo (Ctrl/⌘+Z)"
              >
                Undo
              </button>
              <button
                type="button"
                className="button"
                onClick={redo}
                disabled={future.length === 0}
                aria-keyshortcuts="Control+Shift+Z"
                title="Redo (Ctrl/⌘+Shift+Z)"
              >
                Redo
              </button>
            </div>
          </>
        }
      />
      {view === 'batch' ? <BatchView /> : view === 'runs' ? <RunsView /> : <BuildView />}
    </div>
  )
}

/** Whether `element` takes text of its own (where Ctrl/⌘+Z undoes typing). */
const takesText = (element: Element | null) =>
  element instanceof HTMLInputElement ||
  element instanceof HTMLTextAreaElement ||
  (element instanceof HTMLElement && element.isContentEditable)

function BuildView() {
  const { questionnaire, change, undo, redo } = useQuestionnaire()
  const editor = useRef<HTMLElement>(null)
  // The builder's own steps, in the builder's text fields too (they are drawn from the questionnaire, and the
  // browser's undo would not know them), and from anywhere on the screen but another field that takes text.
  const builderUndo = () => {
    const focused = document.activeElement
    return Boolean(editor.current?.contains(focused)) || !takesText(focused)
  }
  useCommands({
    'decisions.undo': { run: undo, when: builderUndo },
    'decisions.redo': { run: redo, when: builderUndo },
  })
  const { call, parsed } = useCurrentRequest()
  const run = useDecisionRun()
  const problems = useMemo(() => builderProblems(questionnaire), [questionnaire])
  const jsonFields =
    parsed.ok && typeof parsed.input === 'object' && !Array.isArray(parsed.input)
      ? Object.keys(parsed.input)
      : []
  const error = run.mutation.error
  const errorAt =
    error instanceof AppError && error.status !== undefined ? questionOfError(questionnaire, error) : -1

  // A questionnaire just opened is built a few questions per frame rather than all in one task.
  const built = useSlices(questionnaire.questions.length, questionnaire.id)

  return (
    <div className="decisions__body">
      <section ref={editor} className="decisions__editor" aria-label="Questionnaire">
        <LibraryBar request={call ? { path: pathOf(call), body: call.body } : null} />
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
          questionnaire.questions
            .slice(0, built)
            .map((question, index) => (
              <QuestionEditor
                key={question.id}
                question={question}
                index={index}
                count={questionnaire.questions.length}
                problems={problems.filter((problem) => problem.path[1] === index)}
                jsonFields={jsonFields}
                serviceError={errorAt === index ? error : null}
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
        blocked={blockedReason(problems, questionnaire)}
        run={run}
        formError={errorAt === -1 ? error : null}
      />
    </div>
  )
}
