// The content to evaluate, the model and format, the run itself (button or Ctrl/Cmd+Enter, cancellable),
// and the answers.
import { useMutation, useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import type { DecisionInput } from '#shared/api/decisions'
import { shownAnswers } from '#shared/domain/answers'
import { formatAmount, multiply, parseAmount } from '#shared/domain/money'
import {
  type DecisionFormat,
  type Questionnaire,
  toNativeRequest,
  toUnifiedRequest,
} from '#shared/domain/questionnaire'
import { estimateTokens } from '#shared/domain/tokens'
import { AppError } from '#shared/ipc/app-error'
import { ErrorNote } from '../../components/ErrorNote.tsx'
import { MediaDrop, type MediaInput, MediaThumb } from '../../components/MediaInputs.tsx'
import { formatUsd } from '../../format.ts'
import { invoke } from '../../ipc.ts'
import { queryKeys } from '../../query.ts'
import { AnswerView } from './AnswerView.tsx'

export type InputMode = 'text' | 'json' | 'messages'

export function parseInput(
  mode: InputMode,
  text: string,
  images: MediaInput[] = [],
): { ok: true; input: DecisionInput } | { ok: false; message: string } {
  if (mode === 'messages') {
    if (!text.trim() && images.length === 0) return { ok: false, message: 'Write a message or add an image.' }
    const content = [
      ...(text.trim() ? [{ type: 'input_text' as const, text }] : []),
      ...images.map((image) => ({ type: 'input_image' as const, image_url: image.url })),
    ]
    return { ok: true, input: [{ role: 'user', content }] }
  }
  if (mode === 'text')
    return text.trim() ? { ok: true, input: text } : { ok: false, message: 'Enter the content to evaluate.' }
  try {
    const value: unknown = JSON.parse(text)
    if (!value || typeof value !== 'object' || Array.isArray(value))
      return { ok: false, message: 'The input must be a JSON object.' }
    return { ok: true, input: value as DecisionInput }
  } catch (error) {
    return { ok: false, message: `This is not valid JSON: ${(error as Error).message}` }
  }
}

export interface DecisionCall {
  path: string
  body: unknown
}

export function RunPanel(props: {
  questionnaire: Questionnaire
  blocked: boolean
  inputMode: InputMode
  inputText: string
  onInput: (mode: InputMode, text: string) => void
  onRequest: (request: DecisionCall | null) => void
}) {
  const models = useQuery({
    queryKey: queryKeys.decisionModels(),
    queryFn: () => invoke('decisions.models', {}),
  })
  const [modelId, setModelId] = useState('')
  const [format, setFormat] = useState<DecisionFormat>('unified')
  const [compat, setCompat] = useState(false)
  const requestId = useRef<string | null>(null)
  const model = models.data?.find((m) => m.id === modelId) ?? models.data?.[0]
  const [images, setImages] = useState<MediaInput[]>([])
  const parsed = parseInput(props.inputMode, props.inputText, images)
  const imagesRefused =
    props.inputMode === 'messages' && images.length > 0 && model !== undefined && !model.readsImages
  const tokens =
    estimateTokens(parsed.ok ? parsed.input : props.inputText) +
    estimateTokens(toUnifiedRequest(props.questionnaire, '', '').questions)
  const run = useMutation({
    mutationFn: async () => {
      if (!model || !parsed.ok)
        throw new AppError({
          code: 'validation_failed',
          message: parsed.ok ? 'Choose a model.' : parsed.message,
        })
      const id = crypto.randomUUID()
      requestId.current = id
      const body =
        format === 'native'
          ? ({
              endpoint: 'native',
              body: toNativeRequest(props.questionnaire, parsed.input, model.alias ?? model.id),
            } as const)
          : ({
              endpoint: compat ? 'compat' : 'unified',
              body: toUnifiedRequest(props.questionnaire, parsed.input, model.id),
            } as const)
      return invoke('decisions.run', { requestId: id, questionnaire: props.questionnaire, run: body })
    },
  })
  const shownRequest: DecisionCall | null =
    model && parsed.ok
      ? format === 'native'
        ? {
            path: '/decision-native/v1/systemone',
            body: toNativeRequest(props.questionnaire, parsed.input, model.alias ?? model.id),
          }
        : {
            path: compat ? '/compat-a/v1/decisions' : '/v1/decisions',
            body: toUnifiedRequest(props.questionnaire, parsed.input, model.id),
          }
      : null
  const requestText = JSON.stringify(shownRequest)
  const { onRequest } = props
  useEffect(
    () => onRequest(requestText === 'null' ? null : (JSON.parse(requestText) as DecisionCall)),
    [requestText, onRequest],
  )
  const canRun =
    !imagesRefused &&
    !props.blocked &&
    parsed.ok &&
    Boolean(model) &&
    props.questionnaire.questions.length > 0 &&
    !run.isPending
  const start = useRef(() => {})
  start.current = () => {
    if (canRun) run.mutate()
  }
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key === 'Enter') {
        event.preventDefault()
        start.current()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])

  return (
    <section className="run-panel" aria-label="Run">
      <div className="segmented" role="radiogroup" aria-label="Input kind">
        {(['text', 'json', 'messages'] as const).map((mode) => (
          <label key={mode} className="segmented__option">
            <input
              type="radio"
              name="input-mode"
              checked={props.inputMode === mode}
              onChange={() => props.onInput(mode, props.inputText)}
            />
            {{ text: 'Text', json: 'JSON object', messages: 'Message with images' }[mode]}
          </label>
        ))}
      </div>
      <label className="field">
        <span className="field__label">Content to evaluate</span>
        <textarea
          rows={6}
          className={props.inputMode === 'json' ? 'code-input' : undefined}
          value={props.inputText}
          onChange={(event) => props.onInput(props.inputMode, event.target.value)}
        />
        {!parsed.ok && props.inputText ? <span className="field-error">{parsed.message}</span> : null}
        <span className="muted">
          About {tokens.toLocaleString()} tokens
          {model?.contextLength ? ` of ${model.contextLength.toLocaleString()}` : ''}
        </span>
      </label>
      {props.inputMode === 'messages' ? (
        <div className="references__slots">
          {images.map((image) => (
            <MediaThumb
              key={image.id}
              input={image}
              onRemove={() => setImages(images.filter((other) => other.id !== image.id))}
            />
          ))}
          <MediaDrop
            label="Add an image"
            allowed={['image']}
            onAdd={(added) => setImages((current) => [...current, added])}
          />
        </div>
      ) : null}
      <label className="field">
        <span className="field__label">Model</span>
        <select value={model?.id ?? ''} onChange={(event) => setModelId(event.target.value)}>
          {models.data?.map((m) => (
            <option key={m.id} value={m.id}>
              {m.name} · {formatUsd(formatAmount(multiply(parseAmount(m.promptPrice), 1_000_000)))}/1M input
              {m.readsImages ? ' · reads images' : ' · text and JSON'}
            </option>
          ))}
        </select>
      </label>
      {imagesRefused ? (
        <p className="field-error" role="alert">
          {model?.name} reads text and JSON only, so it cannot answer about images. Choose a model that reads
          images, or remove them.
        </p>
      ) : null}
      <div className="field-row">
        <label className="checkbox">
          <input
            type="checkbox"
            checked={format === 'native'}
            onChange={(event) => setFormat(event.target.checked ? 'native' : 'unified')}
          />
          Native format (/decision-native/v1/systemone)
        </label>
        {format === 'unified' ? (
          <label className="checkbox">
            <input type="checkbox" checked={compat} onChange={(event) => setCompat(event.target.checked)} />
            Use /compat-a/v1/decisions
          </label>
        ) : null}
      </div>
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
          <button
            type="button"
            className="button"
            onClick={() =>
              requestId.current && void invoke('requests.cancel', { requestId: requestId.current })
            }
          >
            Cancel
          </button>
        ) : null}
        <span className="muted">Ctrl/⌘+Enter</span>
      </div>
      <ErrorNote error={run.error} />
      {run.data ? (
        <section className="answers" aria-label="Answers">
          <p className="muted">
            {run.data.billedTokens.toLocaleString()} tokens billed · {formatUsd(run.data.cost)}
            {model?.dedicated ? ' (this model bills input tokens only)' : ''}
          </p>
          {shownAnswers(props.questionnaire, run.data.response).map((answer) => (
            <AnswerView key={answer.question.id} answer={answer} />
          ))}
        </section>
      ) : null}
    </section>
  )
}
