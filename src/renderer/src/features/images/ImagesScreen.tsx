// Images: generate, then edit by drag-and-drop on a canvas, keeping every result and where it came from.
// The view, the shown image and the edit source live in the view's address.
import { useState } from 'react'
import type { ImageRecord } from '#shared/ipc/routes/images'
import { ScreenHeader } from '../../components/ScreenHeader.tsx'
import { Tabs } from '../../components/Tabs.tsx'
import { setRouteParams, useRouteParams } from '../../router.ts'
import { Canvas } from './Canvas.tsx'
import { Gallery, ImageTile } from './Gallery.tsx'
import { ImageForm, type RunState } from './ImageForm.tsx'
import { ImageMeta } from './ImageMeta.tsx'
import { useImage, useImageField, useImageList } from './queries.ts'
import './images.css'

export function ImagesScreen() {
  const params = useRouteParams('/images')
  const view = params.view ?? 'create'
  // An edit opens beside the image it was made from, with the before/after slider.
  const open = (id: string, editOf: string | null = null) =>
    setRouteParams('/images', { view: null, image: id, source: editOf })
  return (
    <>
      <ScreenHeader
        title="Images"
        subtitle="Generate images and edit them on a canvas."
        actions={
          <Tabs
            label="Images view"
            options={[
              { value: 'create', label: 'Create and edit' },
              { value: 'gallery', label: 'Gallery' },
            ]}
            value={view}
            onChange={(option) => setRouteParams('/images', { view: option === 'create' ? null : option })}
          />
        }
      />
      {view === 'gallery' ? <Gallery onOpen={open} /> : <CreateView onOpen={open} />}
    </>
  )
}

function CreateView({ onOpen }: { onOpen: (id: string, editOf?: string | null) => void }) {
  const params = useRouteParams('/images')
  const imageId = params.image ?? null
  const sourceId = params.source ?? null
  const image = useImage(imageId)
  const source = useImage(sourceId)
  const recent = useImageList({})
  const { first: models } = useImageField('', false)
  const [referenceIds, setReferenceIds] = useState<string[]>([])
  // The images of the last call, shown together when it drew several (n).
  const [latest, setLatest] = useState<ImageRecord[]>([])
  const [runState, setRunState] = useState<RunState | null>(null)
  const references = referenceIds.flatMap((id) => recent.data?.find((r) => r.id === id) ?? [])
  const shown = image.data ?? null
  const hasFamilyC = models.data?.takesReferences ?? false

  return (
    <div className="images">
      <div className="images__side">
        {source.data ? (
          <div className="images__source">
            <img src={source.data.url} alt="" />
            <span>
              Editing <strong>{source.data.prompt}</strong>
            </span>
            <button
              type="button"
              className="button button--quiet"
              onClick={() => setRouteParams('/images', { source: null })}
            >
              Stop editing
            </button>
          </div>
        ) : null}
        <ImageForm
          source={source.data ?? null}
          references={references}
          onReferences={setReferenceIds}
          onResult={(images) => {
            setLatest(images)
            setRouteParams('/images', { image: images[0]?.id ?? null })
          }}
          onRunState={setRunState}
        />
      </div>
      <div className="images__main">
        <Canvas
          source={source.data ?? null}
          result={shown && shown.id !== source.data?.id ? shown : null}
          onSource={(id) => setRouteParams('/images', { source: id, image: null })}
          run={runState}
        />
        {latest.length > 1 && latest.some((item) => item.id === shown?.id) ? (
          <section aria-label="This generation">
            <h2 className="images__strip-title">This generation — {latest.length} images</h2>
            <ul className="images__grid">
              {latest.map((item) => (
                <li key={item.id}>
                  <button
                    type="button"
                    className={`images__grid-item${item.id === shown?.id ? ' images__grid-item--shown' : ''}`}
                    aria-pressed={item.id === shown?.id}
                    aria-label={`Show image ${latest.indexOf(item) + 1} of ${latest.length}`}
                    onClick={() => setRouteParams('/images', { image: item.id })}
                  >
                    <img src={item.url} alt="" decoding="async" />
                  </button>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {shown ? (
          <ImageMeta
            image={shown}
            onOpen={onOpen}
            onUseAsInput={() => setRouteParams('/images', { source: shown.id, image: null })}
            onUseAsReference={
              hasFamilyC && !referenceIds.includes(shown.id)
                ? () => setReferenceIds((ids) => [...ids, shown.id].slice(-3))
                : undefined
            }
            onDeleted={() => setRouteParams('/images', { image: null })}
          />
        ) : null}
        {recent.data?.length ? (
          <section aria-label="Recent images">
            <h2 className="images__strip-title">Recent — drag one onto the canvas to edit it</h2>
            <ul className="images__strip">
              {recent.data.slice(0, 12).map((item) => (
                <ImageTile key={item.id} image={item} onOpen={onOpen} compact />
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </div>
  )
}
