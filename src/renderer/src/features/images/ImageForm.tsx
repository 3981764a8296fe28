// What to draw: a prompt (with recent ones), a model grouped by family with its price, the options that model
// takes and only those, a provider pin where it means something, reference images for family C. With a source
// on the canvas the same form describes an edit, sent the way the model's family edits.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useMemo, useRef } from 'react'
import {
  editQualities,
  imageBackgrounds,
  imageFormats,
  imageQualities,
  imageSizes,
  inputFidelities,
} from '#shared/api/images'
import type { ImageModel, ImageOptions, ImageRecord } from '#shared/ipc/routes/images'
import { ErrorNote } from '../../components/ErrorNote.tsx'
import { ModelChooser } from '../../components/ModelChooser.tsx'
import { formatUsdPerMillion } from '../../format.ts'
import { invoke, queryKeys } from '../../ipc.ts'
import { useKeptDraft } from '../../kept-drafts.ts'
import { setRouteParams, useRouteParams } from '../../router.ts'
import { keptImageDraft, useImageDraft } from './draft.ts'
import { familyLabels, useImageField, useRecentPrompts } from './queries.ts'
import { ReferenceSlots } from './ReferenceSlots.tsx'

const editRouteLabels = {
  A: 'Sent to /v1/images/edits as a file (size auto keeps the original size).',
  B: 'Sent to generateContent with the image as inline data.',
  C: 'Sent to /v1/images/generations with the image in input_images.',
} as const

export interface RunState {
  pending: boolean
  error: unknown
  editing: boolean
}

export function ImageForm(props: {
  source: ImageRecord | null
  references: ImageRecord[]
  onReferences: (ids: string[]) => void
  onResult: (images: ImageRecord[]) => void
  /** Where the canvas follows the call: under way, or refused. */
  onRunState?: (state: RunState) => void
}) {
  const prompts = useRecentPrompts()
  const client = useQueryClient()
  // The draft outlives the form: another screen and back, or a restart, finds it as it was left.
  useKeptDraft(keptImageDraft)
  const { prompt, modelId, options, provider } = useImageDraft((state) => state.draft)
  const change = useImageDraft((state) => state.change)
  const setPrompt = (value: string) => change({ prompt: value })
  const setModelId = (value: string) => change({ modelId: value })
  const setProvider = (value: string) => change({ provider: value })
  // "Use in Images" from the model browser arrives as ?model=…
  const wanted = useRouteParams('/images').model
  useEffect(() => {
    if (!wanted) return
    useImageDraft.getState().change({ modelId: wanted })
    setRouteParams('/images', { model: null })
  }, [wanted])
  const requestId = useRef<string | null>(null)
  const formId = useId()
  const editing = props.source !== null
  const usable = (model: ImageModel) => !editing || model.readsImages
  // What is typed in the field is searched in the catalog by main; while editing, only models that take an image.
  const field = useImageField(modelId, editing)
  const models = field.first
  const model = field.model && usable(field.model) ? field.model : models.data?.models.find(usable)
  const shownOptions = model
    ? editing
      ? model.family === 'A'
        ? (['quality', 'size', 'n', 'input_fidelity'] as const).filter((name) => model.options.includes(name))
        : model.family === 'C'
          ? (['size'] as const)
          : []
      : model.options.filter((name) => name !== 'input_fidelity')
    : []
  const chosen = Object.fromEntries(
    Object.entries(options).filter(([name]) => (shownOptions as readonly string[]).includes(name)),
  ) as ImageOptions
  const run = useMutation({
    mutationFn: () => {
      const id = crypto.randomUUID()
      requestId.current = id
      const pin = model?.pinnable && provider.trim() ? { provider: provider.trim() } : {}
      if (props.source)
        return invoke('images.edit', {
          requestId: id,
          model: model?.id ?? '',
          prompt,
          sourceId: props.source.id,
          options: chosen,
          ...pin,
        })
      return invoke('images.generate', {
        requestId: id,
        model: model?.id ?? '',
        prompt,
        options: chosen,
        ...pin,
        ...(model?.family === 'C' && props.references.length
          ? { referenceIds: props.references.map((r) => r.id) }
          : {}),
      })
    },
    onSuccess: ({ images }) => {
      props.onResult(images)
      void client.invalidateQueries({ queryKey: queryKeys.images() })
    },
  })
  const refused = run.error as { serviceCode?: string } | null
  const { onRunState } = props
  useEffect(() => {
    onRunState?.({ pending: run.isPending, error: run.error, editing })
  }, [onRunState, run.isPending, run.error, editing])
  const setOption = (name: keyof ImageOptions, value: string) =>
    change({
      options: { ...options, [name]: value === '' ? undefined : name === 'n' ? Number(value) : value },
    })
  const choicesOf = (name: keyof ImageOptions): readonly string[] =>
    name === 'quality'
      ? editing
        ? editQualities
        : imageQualities
      : name === 'size'
        ? imageSizes
        : name === 'output_format'
          ? imageFormats
          : name === 'background'
            ? imageBackgrounds
            : name === 'input_fidelity'
              ? inputFidelities
              : ['1', '2', '3', '4']
  // While editing, the models that take no image are not listed.
  const cannotEdit = editing ? (models.data?.cannotEdit ?? 0) : 0
  // Listed by family; the chosen model shows by its name even when what is typed does not find it.
  const choices = useMemo(() => {
    // While editing, only models that take an image are listed.
    const listed = field.found.filter((m) => !editing || m.readsImages)
    const all = model && !listed.some((m) => m.id === model.id) ? [model, ...listed] : listed
    return (['A', 'B', 'C'] as const).flatMap((family) =>
      all
        .filter((m) => m.family === family)
        .map((m) => ({
          id: m.id,
          label: m.name,
          detail: `${formatUsdPerMillion(m.promptPrice)}/1M in · ${formatUsdPerMillion(m.completionPrice)}/1M out`,
          group: familyLabels[family],
        })),
    )
  }, [field.found, model, editing])

  return (
    <form
      className="image-form"
      aria-label={editing ? 'Edit' : 'Generate'}
      onSubmit={(event) => {
        event.preventDefault()
        if (!run.isPending && prompt.trim() && model) run.mutate()
      }}
    >
      <label className="field">
        <span className="field__label">{editing ? 'Describe the change' : 'Describe the image'}</span>
        <textarea
          className="image-form__prompt"
          rows={4}
          value={prompt}
          onChange={(event) => setPrompt(event.target.value)}
          onKeyDown={(event) => {
            if ((event.ctrlKey || event.metaKey) && event.key === 'Enter')
              event.currentTarget.form?.requestSubmit()
          }}
        />
      </label>
      {prompts.data?.length ? (
        <label className="field">
          <span className="field__label">Recent prompts</span>
          <select value="" onChange={(event) => event.target.value && setPrompt(event.target.value)}>
            <option value="">Choose one to reuse…</option>
            {prompts.data.map((text) => (
              <option key={text} value={text}>
                {text.length > 80 ? `${text.slice(0, 79)}…` : text}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <div className="field">
        <ModelChooser
          label="Model"
          choices={choices}
          {...field.search}
          value={model?.id ?? ''}
          onChange={(id) => {
            field.choosing(id)
            setModelId(id)
          }}
          describedBy={`${formId}-model-note`}
          placeholder={
            models.data ? undefined : models.isError ? 'The models did not load' : 'Loading the models…'
          }
        />
        <span id={`${formId}-model-note`} className="muted">
          {editing && model ? <span>{editRouteLabels[model.family]}</span> : null}
          {cannotEdit ? (
            <span className="muted">
              {cannotEdit === 1 ? '1 model is' : `${cannotEdit.toLocaleString('en-US')} models are`} not
              listed: {cannotEdit === 1 ? 'it takes' : 'they take'} no image as input, so cannot edit.
            </span>
          ) : null}
        </span>
      </div>
      {shownOptions.length ? (
        <div className="image-form__options">
          {shownOptions.map((name) => (
            <label key={name} className="field">
              <span className="field__label">
                {
                  {
                    quality: 'Quality',
                    size: 'Size',
                    n: 'Images',
                    output_format: 'Format',
                    background: 'Background',
                    input_fidelity: 'Keep the original',
                  }[name]
                }
              </span>
              <select
                value={chosen[name] === undefined ? '' : String(chosen[name])}
                onChange={(event) => setOption(name, event.target.value)}
              >
                <option value="">Default</option>
                {optionGroups(name, choicesOf(name)).map((group) =>
                  group.label ? (
                    <optgroup key={group.label} label={group.label}>
                      {group.values.map((value) => (
                        <option key={value} value={value}>
                          {optionLabel(name, value)}
                        </option>
                      ))}
                    </optgroup>
                  ) : (
                    group.values.map((value) => (
                      <option key={value} value={value}>
                        {optionLabel(name, value)}
                      </option>
                    ))
                  ),
                )}
              </select>
            </label>
          ))}
        </div>
      ) : null}
      {model?.pinnable ? (
        <div className="field">
          <label className="field__label" htmlFor={`${formId}-provider`}>
            Provider
          </label>
          <input
            id={`${formId}-provider`}
            aria-describedby={`${formId}-provider-note`}
            list={`${formId}-providers`}
            placeholder="Automatic (the service splits by weight)"
            value={provider}
            onChange={(event) => setProvider(event.target.value)}
          />
          <datalist id={`${formId}-providers`}>
            <option value="origin" />
            <option value="cloudhost" />
          </datalist>
          <span id={`${formId}-provider-note`} className="muted">
            Sent as the X-Svc-Provider-Type header, which works for generations and edits.
          </span>
        </div>
      ) : null}
      {!editing && model?.family === 'C' ? (
        <ReferenceSlots references={props.references} onChange={props.onReferences} />
      ) : !editing && model && props.references.length > 0 ? (
        <div className="reference-wait" role="status">
          <p>
            {props.references.length === 1 ? 'A reference image waits' : 'Reference images wait'} for a model
            that draws from references (family C, which takes input_images); {model.name} does not.
          </p>
          <div className="form-actions">
            {choices
              .filter((choice) => field.found.find((found) => found.id === choice.id)?.family === 'C')
              .slice(0, 3)
              .map((choice) => (
                <button
                  key={choice.id}
                  type="button"
                  className="button"
                  onClick={() => setModelId(choice.id)}
                >
                  Use {choice.label}
                </button>
              ))}
            <button type="button" className="button button--quiet" onClick={() => props.onReferences([])}>
              Drop the {props.references.length === 1 ? 'reference' : 'references'}
            </button>
          </div>
        </div>
      ) : null}
      <div className="form-actions">
        <button
          type="submit"
          className="button button--primary"
          disabled={run.isPending || !prompt.trim() || !model}
        >
          {run.isPending ? (editing ? 'Editing…' : 'Generating…') : editing ? 'Edit image' : 'Generate'}
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
      </div>
      <ErrorNote error={run.error} onRetry={() => run.mutate()} />
      {refused?.serviceCode === 'content_policy_violation' && model?.pinnable && provider !== 'origin' ? (
        <button type="button" className="button" onClick={() => setProvider('origin')}>
          Pin the origin provider and try again
        </button>
      ) : null}
    </form>
  )
}

const sizeOrder = [
  'auto',
  '256x256',
  '512x512',
  '1024x1024',
  '1536x1024',
  '1792x1024',
  '1024x1536',
  '1024x1792',
]
const shapeOf = (size: string) => {
  const [width = 0, height = 0] = size.split('x').map(Number)
  return width === height ? 'square' : width > height ? 'landscape' : 'portrait'
}

/**
 * The values of an option in the order a person reads them: sizes small to large by shape, qualities in the
 * two scales the service takes (levels, and standard/hd) apart rather than mixed.
 */
function optionGroups(name: string, values: readonly string[]): { label: string | null; values: string[] }[] {
  if (name === 'size') return [{ label: null, values: sizeOrder.filter((size) => values.includes(size)) }]
  if (name === 'quality' && values.includes('standard'))
    return [
      { label: 'Level', values: values.filter((value) => value !== 'standard' && value !== 'hd') },
      { label: 'Standard or HD', values: values.filter((value) => value === 'standard' || value === 'hd') },
    ]
  return [{ label: null, values: [...values] }]
}

function optionLabel(name: string, value: string): string {
  if (name === 'size' && value !== 'auto') return `${value.replace('x', ' × ')} (${shapeOf(value)})`
  return value
}
