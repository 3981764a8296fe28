// The create form: prompt, model with price, length and shape, frames or references, options. The inferred
// mode and the cost estimate update as the person types; every rule of document 2 §4.1 is checked here first.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo, useRef, useState } from 'react'
import { aspectRatios, type VideoCreateRequest, videoResolutions } from '#shared/api/videos'
import { formatAmount } from '#shared/domain/money'
import { checkVideoReferences, estimateVideoCost, inferVideoMode } from '#shared/domain/videos'
import { AppError } from '#shared/ipc/app-error'
import { ErrorNote } from '../../components/ErrorNote.tsx'
import { MediaDrop, MediaThumb } from '../../components/MediaInputs.tsx'
import { ModelChooser } from '../../components/ModelChooser.tsx'
import { useDismiss } from '../../components/use-dismiss.ts'
import { formatUsd } from '../../format.ts'
import { invoke, queryKeys } from '../../ipc.ts'
import { useKeptDraft } from '../../kept-drafts.ts'
import {
  draftFromRequest,
  emptyDraft,
  keptVideoDraft,
  requestFromDraft,
  useUnsentVideo,
  type VideoDraft,
} from './draft.ts'
import { useReceiver, useVideoField } from './queries.ts'
import { modeLabel } from './status.ts'

export function CreateVideoForm(props: {
  initial?: unknown
  onCreated: (id: string) => void
  onClose: () => void
  /** False while the models should not be asked for yet (the board's jobs come first at start). */
  modelsWanted?: boolean
}) {
  const client = useQueryClient()
  const form = useRef<HTMLFormElement>(null)
  useDismiss(form, props.onClose, { firstField: true })
  const receiver = useReceiver()
  // A new job's form writes the unsent draft as it goes (kept across screens and restarts); a duplicated job's
  // form starts from that job and becomes the unsent draft when it closes without a job made.
  const fresh = props.initial === undefined
  useKeptDraft(keptVideoDraft)
  const [own, setOwn] = useState<VideoDraft>(() => draftFromRequest(props.initial))
  const unsentDraft = useUnsentVideo((state) => state.draft)
  const draft = fresh ? (unsentDraft ?? emptyDraft) : own
  const setDraft = (update: (current: VideoDraft) => VideoDraft) =>
    fresh
      ? useUnsentVideo.setState((state) => ({ draft: update(state.draft ?? emptyDraft) }))
      : setOwn(update)
  // What is typed in the field is searched in the catalog by main.
  const field = useVideoField(draft.model, props.modelsWanted ?? true)
  const models = field.first
  // The draft's own model only: a model the catalog no longer lists has no price or sound here.
  const model = field.model?.id === draft.model ? field.model : null
  const choices = useMemo(
    () =>
      field.found.map((m) => ({
        id: m.id,
        label: m.pricePerSecond ? `${m.name} · ${formatUsd(m.pricePerSecond)}/s` : m.name,
      })),
    [field.found],
  )
  // Closing keeps what was typed; a created job drops it.
  const latest = useRef({ draft, created: false })
  latest.current.draft = draft
  useEffect(
    () => () => {
      if (latest.current.created) useUnsentVideo.setState({ draft: null })
      else if (!fresh) useUnsentVideo.setState({ draft: latest.current.draft })
    },
    [fresh],
  )
  const [submitted, setSubmitted] = useState(false)
  const set = (change: Partial<VideoDraft>) => setDraft((current) => ({ ...current, ...change }))
  const firstModel = models.data?.models[0]?.id
  // biome-ignore lint/correctness/useExhaustiveDependencies: setDraft writes where this form's draft lives.
  useEffect(() => {
    if (firstModel) setDraft((current) => (current.model ? current : { ...current, model: firstModel }))
  }, [firstModel])
  const built = requestFromDraft(draft, model?.audio ?? false)
  const request = built.ok ? built.request : null
  const rule = request ? checkVideoReferences(request) : null
  const create = useMutation({
    mutationFn: (body: VideoCreateRequest) => invoke('videos.create', { request: body }),
    onSuccess: async (job) => {
      latest.current.created = true
      if (fresh) useUnsentVideo.setState({ draft: null })
      await client.invalidateQueries({ queryKey: queryKeys.videos() })
      props.onCreated(job.id)
    },
  })
  const serverPath = create.error instanceof AppError ? String(create.error.path?.[0] ?? '') : ''
  const fieldError = (field: string): string | null => {
    if (!built.ok && built.field === field && (submitted || (field !== 'prompt' && field !== 'model')))
      return built.message
    if (rule && String(rule.path[0]) === field) return rule.message
    if (serverPath === field && create.error) return create.error.message
    return null
  }
  const estimate =
    model?.pricePerSecond && draft.sizeMode === 'resolution'
      ? estimateVideoCost(model.pricePerSecond, draft.resolution, Number(draft.duration) || 5)
      : null
  const mode = inferVideoMode(request ?? {})

  return (
    <form
      ref={form}
      className="create-video"
      aria-label="New video"
      onSubmit={(event) => {
        event.preventDefault()
        setSubmitted(true)
        if (request && !rule) create.mutate(request)
      }}
    >
      <header className="create-video__head">
        <h2>New video</h2>
        <span className="mode-chip" role="status" aria-label="Generation mode">
          {modeLabel[mode]}
        </span>
      </header>
      <label className="field">
        <span className="field__label">Prompt</span>
        <textarea
          rows={3}
          value={draft.prompt}
          onChange={(event) => set({ prompt: event.target.value })}
          placeholder="A paper boat drifting down a rainy street"
        />
        {fieldError('prompt') ? <span className="field-error">{fieldError('prompt')}</span> : null}
      </label>
      <ModelChooser
        label="Model"
        choices={choices}
        {...field.search}
        value={draft.model}
        onChange={(model) => {
          field.choosing(model)
          set({ model })
        }}
        error={
          // Models that did not load are told below, with a Retry.
          models.isError
            ? null
            : models.data?.total === 0 && submitted
              ? 'The service lists no video model.'
              : fieldError('model')
        }
        placeholder={
          models.data ? undefined : models.isError ? 'The models did not load' : 'Loading the models…'
        }
      />
      {/* Models that did not load are asked for again from here: the field has nothing to choose. */}
      <ErrorNote error={models.error} onRetry={() => void models.refetch()} />
      <div className="field-row">
        <label className="field field--narrow">
          <span className="field__label">Duration (s)</span>
          <input
            type="number"
            min={1}
            value={draft.duration}
            onChange={(event) => set({ duration: event.target.value })}
            placeholder="5"
          />
          {fieldError('duration') ? <span className="field-error">{fieldError('duration')}</span> : null}
        </label>
        <label className="field field--narrow">
          <span className="field__label">Seed</span>
          <input
            type="number"
            value={draft.seed}
            onChange={(event) => set({ seed: event.target.value })}
            placeholder="random"
          />
          {fieldError('seed') ? <span className="field-error">{fieldError('seed')}</span> : null}
        </label>
      </div>
      <fieldset className="field-row">
        <legend className="field__label">Shape</legend>
        <label className="checkbox">
          <input
            type="radio"
            name="size-mode"
            checked={draft.sizeMode === 'resolution'}
            onChange={() => set({ sizeMode: 'resolution' })}
          />
          Resolution and aspect ratio
        </label>
        <label className="checkbox">
          <input
            type="radio"
            name="size-mode"
            checked={draft.sizeMode === 'size'}
            onChange={() => set({ sizeMode: 'size' })}
          />
          Exact size
        </label>
        {draft.sizeMode === 'resolution' ? (
          <>
            <select
              aria-label="Resolution"
              value={draft.resolution}
              onChange={(event) => set({ resolution: event.target.value })}
            >
              {videoResolutions.map((value) => (
                <option key={value}>{value}</option>
              ))}
            </select>
            <select
              aria-label="Aspect ratio"
              value={draft.aspectRatio}
              onChange={(event) => set({ aspectRatio: event.target.value })}
            >
              {aspectRatios.map((value) => (
                <option key={value}>{value}</option>
              ))}
            </select>
          </>
        ) : (
          <label className="field field--narrow">
            <input
              aria-label="Size"
              value={draft.size}
              onChange={(event) => set({ size: event.target.value })}
              placeholder="1280x720"
            />
            {fieldError('size') ? <span className="field-error">{fieldError('size')}</span> : null}
          </label>
        )}
      </fieldset>
      <fieldset className="references">
        <legend className="field__label">Frames (image to video)</legend>
        <div className="references__slots">
          {(['first', 'last'] as const).map((slot) => {
            const input = slot === 'first' ? draft.firstFrame : draft.lastFrame
            return input ? (
              <MediaThumb
                key={slot}
                input={input}
                onRemove={() => set(slot === 'first' ? { firstFrame: null } : { lastFrame: null })}
              />
            ) : (
              <MediaDrop
                key={slot}
                label={`${slot === 'first' ? 'First' : 'Last'} frame`}
                allowed={['image']}
                onAdd={(added) => set(slot === 'first' ? { firstFrame: added } : { lastFrame: added })}
              />
            )
          })}
        </div>
        {fieldError('frame_images') ? (
          <span className="field-error">{fieldError('frame_images')}</span>
        ) : null}
      </fieldset>
      <fieldset className="references">
        <legend className="field__label">References (images, audio, one video)</legend>
        <div className="references__slots">
          {draft.references.map((input, index) => (
            <MediaThumb
              key={input.id}
              input={input}
              onRemove={() => set({ references: draft.references.filter((_, i) => i !== index) })}
            />
          ))}
          <MediaDrop
            label="Add a reference"
            allowed={['image', 'audio', 'video']}
            onAdd={(added) =>
              setDraft((current) => ({ ...current, references: [...current.references, added] }))
            }
          />
        </div>
        {fieldError('input_references') ? (
          <span className="field-error">{fieldError('input_references')}</span>
        ) : null}
      </fieldset>
      <div className="field-row">
        <label className="checkbox">
          <input
            type="checkbox"
            checked={draft.realPerson}
            onChange={(event) => set({ realPerson: event.target.checked })}
          />
          Real person in the images (preprocess them)
        </label>
        {model?.audio ? (
          <label className="checkbox">
            <input
              type="checkbox"
              checked={draft.generateAudio}
              onChange={(event) => set({ generateAudio: event.target.checked })}
            />
            Generate audio
          </label>
        ) : null}
      </div>
      {fieldError('real_person') ? <span className="field-error">{fieldError('real_person')}</span> : null}
      <details className="advanced">
        <summary>Provider</summary>
        <div className="field-row">
          <label className="field field--narrow">
            <span className="field__label">Pin provider</span>
            <input
              value={draft.providerType}
              onChange={(event) => set({ providerType: event.target.value })}
              placeholder="any"
            />
          </label>
          <label className="field">
            <span className="field__label">Provider options (JSON object)</span>
            <textarea
              rows={3}
              className="code-input"
              value={draft.providerOptions}
              onChange={(event) => set({ providerOptions: event.target.value })}
              placeholder="{}"
            />
            {fieldError('provider') ? <span className="field-error">{fieldError('provider')}</span> : null}
          </label>
        </div>
      </details>
      <p className="create-video__callback muted">
        {receiver.data?.callbackUrl
          ? 'The result arrives by webhook at this app, with polling as a fallback.'
          : 'No public webhook address: the board will poll for the result.'}
      </p>
      {serverPath ? null : <ErrorNote error={create.error} />}
      <footer className="create-video__foot">
        <span className="create-video__estimate" role="status" aria-label="Estimated cost">
          {estimate !== null ? `Estimated ${formatUsd(formatAmount(estimate))}` : 'Cost shown when known'}
        </span>
        <button
          type="button"
          className="button button--quiet"
          onClick={() => setDraft(() => draftFromRequest(undefined))}
        >
          Clear
        </button>
        <button type="button" className="button" onClick={props.onClose}>
          Close
        </button>
        <button
          type="submit"
          className="button button--primary"
          disabled={create.isPending || models.isPending}
        >
          {create.isPending ? 'Creating…' : 'Create video'}
        </button>
      </footer>
    </form>
  )
}
