// What an image is and where it came from: model, provider, size, quality, usage, cost, the model's thoughts,
// its parent; and what to do with it: use as input or reference, save, copy, delete.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Fragment } from 'react'
import type { ImageRecord } from '#shared/ipc/routes/images'
import { ErrorNote } from '../../components/ErrorNote.tsx'
import { formatUsd } from '../../format.ts'
import { invoke, queryKeys } from '../../ipc.ts'
import { useImage } from './queries.ts'

const kindLabels = { generated: 'Generated', edited: 'Edited', uploaded: 'Brought in' } as const

export function ImageMeta(props: {
  image: ImageRecord
  onUseAsInput: () => void
  onUseAsReference?: (() => void) | undefined
  onOpen: (id: string) => void
  onDeleted: () => void
}) {
  const { image } = props
  const parent = useImage(image.parentId)
  const client = useQueryClient()
  const act = useMutation({
    mutationFn: async (action: 'save' | 'copy' | 'delete') => {
      if (action === 'save') return (await invoke('images.saveAs', { id: image.id })).savedTo
      if (action === 'copy') {
        await invoke('images.copy', { id: image.id })
        return 'Copied to the clipboard.'
      }
      await invoke('images.delete', { id: image.id })
      props.onDeleted()
      return null
    },
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.images() }),
  })
  const served = (image.params.served ?? {}) as { size?: string; quality?: string; imagesInCall?: number }
  const facts: [string, string][] = [
    [
      'What',
      image.kind === 'generated' && image.parentId ? 'Generated from a reference' : kindLabels[image.kind],
    ],
    ...(image.kind === 'uploaded' ? [] : ([['Model', image.model]] as [string, string][])),
    ...(image.provider ? ([['Provider', image.provider]] as [string, string][]) : []),
    ['Pixels', image.width && image.height ? `${image.width} × ${image.height}` : 'unknown'],
    ...(served.size ? ([['Size asked', served.size]] as [string, string][]) : []),
    ...(served.quality ? ([['Quality', served.quality]] as [string, string][]) : []),
    ['File', `${image.mimeType.replace('image/', '').toUpperCase()}, ${(image.bytes / 1024).toFixed(0)} KiB`],
  ]
  const usage = image.usage
  // A call that drew several images reports its usage once, for all of them; each image is billed its share.
  const drawn = served.imagesInCall ?? 1
  const ofCall = drawn > 1 ? ', whole call' : ''
  if (usage) {
    facts.push([`Input tokens${ofCall}`, usage.inputTokens.toLocaleString('en-US')])
    if (usage.imageTokens !== null)
      facts.push([`Image tokens${ofCall}`, usage.imageTokens.toLocaleString('en-US')])
    facts.push([`Output tokens${ofCall}`, usage.outputTokens.toLocaleString('en-US')])
    if (usage.thoughtTokens !== null)
      facts.push([`Thought tokens${ofCall}`, usage.thoughtTokens.toLocaleString('en-US')])
    if (usage.numInputImages !== null) facts.push(['Input images', String(usage.numInputImages)])
  }
  if (image.cost !== null)
    facts.push(
      drawn > 1
        ? ['Cost, this image', `${formatUsd(image.cost)}, its share of a call that drew ${drawn} images`]
        : ['Cost', formatUsd(image.cost)],
    )

  return (
    <section className="image-meta" aria-label="Image details">
      <p className="image-meta__prompt">{image.prompt}</p>
      <dl className="facts">
        {facts.map(([term, value]) => (
          <Fragment key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
      </dl>
      {image.parentId ? (
        <p className="image-meta__parent">
          From{' '}
          <button type="button" className="link-button" onClick={() => props.onOpen(image.parentId ?? '')}>
            {parent.data ? `“${parent.data.prompt}”` : 'an image no longer in the gallery'}
          </button>
        </p>
      ) : null}
      {image.thoughts.length ? (
        <details className="image-meta__thoughts">
          <summary>The model's thoughts ({image.thoughts.length})</summary>
          {image.thoughts.map((thought) => (
            <p key={thought}>{thought}</p>
          ))}
        </details>
      ) : null}
      <div className="form-actions">
        <button type="button" className="button button--primary" onClick={props.onUseAsInput}>
          Use as input
        </button>
        {props.onUseAsReference ? (
          <button type="button" className="button" onClick={props.onUseAsReference}>
            Use as reference
          </button>
        ) : null}
        <button type="button" className="button" onClick={() => act.mutate('save')}>
          Save as…
        </button>
        <button type="button" className="button" onClick={() => act.mutate('copy')}>
          Copy
        </button>
        <button
          type="button"
          className="button button--quiet button--danger"
          onClick={() => act.mutate('delete')}
        >
          Delete
        </button>
      </div>
      {typeof act.data === 'string' ? (
        <p className="muted">{act.data.startsWith('Copied') ? act.data : `Saved to ${act.data}`}</p>
      ) : null}
      <ErrorNote error={act.error} />
    </section>
  )
}
