// Every image kept, newest first: search by prompt, filter by model, each tile showing where it came from.
// Tiles drag onto the canvas (or a reference slot) inside the app, and out to the desktop as files.
import { useEffect, useRef, useState } from 'react'
import type { ImageRecord } from '#shared/ipc/routes/images'
import { EmptyState } from '../../components/EmptyState.tsx'
import { ErrorNote } from '../../components/ErrorNote.tsx'
import { VirtualList } from '../../components/VirtualList.tsx'
import { invoke } from '../../ipc.ts'
import { galleryLimit, imageDragType, useImageList, useMadeWith } from './queries.ts'

const extensionOf = (type: string) => (type === 'image/jpeg' ? 'jpg' : type.replace('image/', ''))

/** Drag data for a gallery image: its id for the app, and a file for the desktop. */
export function startImageDrag(event: React.DragEvent, image: ImageRecord): void {
  event.dataTransfer.setData(imageDragType, image.id)
  event.dataTransfer.effectAllowed = 'copy'
  const name = `${
    image.prompt
      .replace(/[^\w -]+/g, '')
      .trim()
      .slice(0, 40) || 'image'
  }.${extensionOf(image.mimeType)}`
  event.dataTransfer.setData(
    'DownloadURL',
    `${image.mimeType}:${name}:${new URL(image.url, location.href).href}`,
  )
  void invoke('images.dragOut', { id: image.id })
}

export function ImageTile(props: {
  image: ImageRecord
  /** `editOf`: the image an edit was made from, so the canvas opens on the two compared. */
  onOpen: (id: string, editOf?: string | null) => void
  compact?: boolean
}) {
  const { image } = props
  const edit = image.kind === 'edited' && image.parentId !== null
  return (
    <li className={`image-tile${props.compact ? ' image-tile--compact' : ''}`}>
      <button
        type="button"
        className="image-tile__open"
        draggable
        onDragStart={(event) => startImageDrag(event, image)}
        onClick={() => props.onOpen(image.id, edit ? image.parentId : null)}
        aria-label={`Open ${image.prompt}`}
      >
        <img src={image.thumbnailUrl} alt="" loading="lazy" decoding="async" />
      </button>
      {props.compact ? null : (
        <div className="image-tile__text">
          <span className="image-tile__prompt" title={image.prompt}>
            {image.prompt}
          </span>
          <span className="muted">
            {image.kind === 'uploaded' ? 'Brought in' : image.model}
            {edit ? ' · an edit' : image.parentId ? ' · from a reference' : ''}
          </span>
          {image.parentId ? (
            <button type="button" className="link-button" onClick={() => props.onOpen(image.parentId ?? '')}>
              {edit ? 'Open its parent' : 'Open its reference'}
            </button>
          ) : null}
        </div>
      )}
    </li>
  )
}

/** The narrowest a tile gets at each size a person can choose (kept in this window's storage). */
const tileSizes = { Small: 180, Medium: 260, Large: 380 } as const
type TileSize = keyof typeof tileSizes
const tileSizeKey = 'gallery.tileSize'
const keptTileSize = (): TileSize => {
  const kept = localStorage.getItem(tileSizeKey)
  return kept && kept in tileSizes ? (kept as TileSize) : 'Small'
}

export function Gallery(props: { onOpen: (id: string, editOf?: string | null) => void }) {
  const [size, setSize] = useState<TileSize>(keptTileSize)
  const choose = (next: TileSize) => {
    setSize(next)
    try {
      localStorage.setItem(tileSizeKey, next)
    } catch {
      // A full storage forgets the size at the next start; the gallery still shows it now.
    }
  }
  const [text, setText] = useState('')
  const [model, setModel] = useState('')
  const madeWith = useMadeWith()
  const list = useImageList({ ...(text.trim() ? { text: text.trim() } : {}), ...(model ? { model } : {}) })
  return (
    <section className="gallery" aria-label="Gallery">
      <div className="gallery__filters">
        <label className="field">
          <span className="field__label">Search prompts</span>
          <input
            type="search"
            spellCheck={false}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </label>
        <label className="field">
          <span className="field__label">Model</span>
          <select value={model} onChange={(event) => setModel(event.target.value)}>
            <option value="">All models</option>
            <option value="upload">Brought in</option>
            {madeWith.data?.map((id) => (
              <option key={id} value={id}>
                {id}
              </option>
            ))}
          </select>
        </label>
        <div className="segmented" role="radiogroup" aria-label="Tile size">
          {(Object.keys(tileSizes) as TileSize[]).map((option) => (
            <label key={option} className="segmented__option">
              <input
                type="radio"
                name="tile-size"
                checked={size === option}
                onChange={() => choose(option)}
              />
              {option}
            </label>
          ))}
        </div>
        <span className="muted">
          {list.data
            ? list.data.length >= galleryLimit
              ? `The newest ${galleryLimit.toLocaleString('en-US')} images: search to reach older ones`
              : `${list.data.length.toLocaleString('en-US')} image${list.data.length === 1 ? '' : 's'}`
            : ''}
        </span>
      </div>
      <ErrorNote error={list.error} onRetry={() => list.refetch()} />
      {list.data?.length === 0 ? (
        <EmptyState
          icon="images"
          title={text || model ? 'No image matches' : 'Your gallery is empty'}
          summary={
            text || model
              ? 'Try other words, or all models.'
              : 'Every image you generate, edit or bring in is kept here with its prompt, model, usage and cost.'
          }
          steps={text || model ? [] : ['Generate an image', 'Drop one on the canvas to edit it']}
        />
      ) : (
        <GalleryGrid images={list.data ?? []} onOpen={props.onOpen} tileMin={tileSizes[size]} />
      )}
    </section>
  )
}

/** The gap between tiles; the height of a tile's text under its picture. */
const tileGap = 12
const tileText = 84

/**
 * The tiles in rows as wide as the gallery, only the rows in view built: a gallery of thousands opens and
 * scrolls like one of twenty.
 */
function GalleryGrid(props: {
  images: readonly ImageRecord[]
  onOpen: (id: string, editOf?: string | null) => void
  /** The narrowest a tile gets: as many columns fit as are at least this wide. */
  tileMin: number
}) {
  const { tileMin } = props
  const frame = useRef<HTMLDivElement>(null)
  const [width, setWidth] = useState(0)
  useEffect(() => {
    const element = frame.current
    if (!element) return
    // The list's own width, inside its scrollbar.
    const measure = () => setWidth(element.querySelector('.virtual-list')?.clientWidth ?? element.clientWidth)
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    measure()
    return () => observer.disconnect()
  }, [])
  const columns = Math.max(1, Math.floor((width + tileGap) / (tileMin + tileGap)))
  const tileWidth = (width - tileGap * (columns - 1)) / columns
  // A tile: its square picture (as wide as the tile inside its padding and border), 8 px, then its text.
  const rowHeight = Math.max(1, Math.ceil(tileWidth + 8 + tileText + tileGap))
  return (
    <div ref={frame} className="gallery__grid">
      <VirtualList
        count={width > 0 ? Math.ceil(props.images.length / columns) : 0}
        rowHeight={rowHeight}
        label="Images"
        rowKey={(row) => row}
        renderRow={(row) => (
          <ul className="gallery__row" style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}>
            {props.images.slice(row * columns, (row + 1) * columns).map((image) => (
              <ImageTile key={image.id} image={image} onOpen={props.onOpen} />
            ))}
          </ul>
        )}
      />
    </div>
  )
}
