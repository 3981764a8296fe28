// One run: the content, the model and format, the run itself (button or Ctrl/Cmd+Enter, cancellable), and the
// answers with usage and cost.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useRef } from 'react'
import { shownAnswers } from '#shared/domain/answers'
import { AppError } from '#shared/ipc/app-error'
import { useCommands } from '../../commands.ts'
import { ErrorNote } from '../../components/ErrorNote.tsx'
import { formatUsd } from '../../format.ts'
import { invoke, queryKeys } from '../../ipc.ts'
import { AnswerView } from './AnswerView.tsx'
import { InputEditor } from './InputEditor.tsx'
import { ModelPicker } from './ModelPicker.tsx'
import { useCurrentRequest } from './run-settings.ts'

/** The single run of the current questionnaire, input and settings, with a cancel. */
export function useDecisionRun() {
  const current = useCurrentRequest()
  const requestId = useRef<string | null>(null)
  const client = useQueryClient()
  const mutation = useMutation({
    mutationFn: async () => {
      if (!current.call)
        throw new AppError({
          code: 'validation_failed',
          message: current.parsed.ok ? 'Choose a model.' : current.parsed.message,
        })
      const id = crypto.randomUUID()
      requestId.current = id
      return invoke('decisions.run', {
        requestId: id,
        questionnaire: current.questionnaire,
        run: current.call,
      })
    },
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.decisionRuns() }),
  })
  const cancel = () => requestId.current && void invoke('requests.cancel', { requestId: requestId.current })
  return { mutation, cancel }
}

export function RunPanel(props: {
  /** Why it cannot run yet (shown beside Run), or null. */
  blocked: string | null
  run: ReturnType<typeof useDecisionRun>
  /** The run's error when it concerns no particular question. */
  formError: unknown
}) {
  const { questionnaire, models, model, parsed, call, imagesRefused } = useCurrentRequest()
  const { mutation: run, cancel } = props.run
  // Why Run waits, said beside it: the questionnaire's problems first, then the model and the input.
  const blocked =
    props.blocked ??
    (model
      ? parsed.ok
        ? null
        : 'Fix the input above to run.'
      : models.isError
        ? 'The models did not load: Retry at the model field.'
        : models.isPending
          ? 'Loading the models…'
          : 'Choose a model to run.')
  const canRun =
    !imagesRefused && !blocked && call !== null && questionnaire.questions.length > 0 && !run.isPending
  // Ctrl/⌘+Enter and the menu's "Run questionnaire", while a run can start.
  useCommands({ 'decisions.run': { run: () => run.mutate(), when: () => canRun } })

  return (
    <section className="run-panel" aria-label="Run">
      <InputEditor />
      <ModelPicker />
      <div className="form-actions">
        <button
          type="button"
          className="button button--primary"
          disabled={!canRun}
          onClick={() => run.mutate()}
        >
          {run.isPending ? 'Running…' : 'Run'}
        </button>
        {run.isPending ? (
          <button type="button" className="button" onClick={cancel}>
            Cancel
          </button>
        ) : null}
        <span className="muted">Ctrl/⌘+Enter</span>
      </div>
      {blocked ? <p className="muted">{blocked}</p> : null}
      <ErrorNote error={props.formError} />
      {run.data ? (
        <section className="answers" aria-label="Answers">
          <p className="muted">
            {run.data.billedTokens.toLocaleString('en-US')} tokens billed · {formatUsd(run.data.cost)}
            {model?.dedicated ? ' (this model bills input tokens only)' : ''}
          </p>
          {shownAnswers(questionnaire, run.data.response).map((answer) => (
            <AnswerView key={answer.question.id} answer={answer} />
          ))}
        </section>
      ) : null}
    </section>
  )
}
