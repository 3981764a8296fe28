// The canvas: drop a PNG or JPEG (or a gallery image), paste one, or pick one; see it fitted or at actual size,
// zoom with the wheel and pan by dragging; after an edit, a before/after slider over source and result.
import { useEffect, useRef, useState } from 'react'
import type { ImageRecord } from '#shared/ipc/routes/images'
import { ErrorNote } from '../../components/ErrorNote.tsx'
import { invoke } from '../../ipc.ts'
import type { RunState } from './ImageForm.tsx'
import { imageDragType, importImageFile } from './queries.ts'

type Zoom = 'fit' | number

export function Canvas(props: {
  source: ImageRecord | null
  result: ImageRecord | null
  onSource: (id: string) => void
  /** The call under way or just refused, shown where the image is. */
  run?: RunState | null
}) {
  const [zoom, setZoom] = useState<Zoom>('fit')
  const [offset, setOffset] = useState({ x: 0, y: 0 })
  const [split, setSplit] = useState(50)
  const [over, setOver] = useState(false)
  const [problem, setProblem] = useState<unknown>(null)
  const [busy, setBusy] = useState(false)
  const viewport = useRef<HTMLDivElement>(null)
  const drag = useRef<{ x: number; y: number } | null>(null)
  const shown = props.result ?? props.source
  const comparing =
    props.result !== null && props.source !== null && props.result.parentId === props.source.id
  const { onSource } = props

  const bring = async (file: File) => {
    setProblem(null)
    setBusy(true)
    try {
      onSource((await importImageFile(file)).id)
    } catch (error) {
      setProblem(error)
    } finally {
      setBusy(false)
    }
  }
  const bringRef = useRef(bring)
  bringRef.current = bring
  useEffect(() => {
    const onPaste = (event: ClipboardEvent) => {
      const file = Array.from(event.clipboardData?.files ?? []).find((f) => f.type.startsWith('image/'))
      if (!file || (event.target as HTMLElement | null)?.closest('textarea, input')) return
      event.preventDefault()
      void bringRef.current(file)
    }
    window.addEventListener('paste', onPaste)
    return () => window.removeEventListener('paste', onPaste)
  }, [])
  // A new image starts fitted.
  const shownId = shown?.id
  useEffect(() => {
    void shownId
    setZoom('fit')
    setOffset({ x: 0, y: 0 })
  }, [shownId])

  const fittedScale = () => {
    const box = viewport.current
    if (!box || !shown?.width || !shown.height) return 1
    return Math.min(box.clientWidth / shown.width, box.clientHeight / shown.height)
  }
  const scale = zoom === 'fit' ? fittedScale() : zoom
  // Fitted, an image fills the viewport as it is; compared, both images share the result's frame, so a source
  // of another size or shape sits inside it rather than around it.
  const framed = zoom !== 'fit' || comparing
  const style =
    !framed || !shown?.width || !shown.height
      ? undefined
      : {
          inset: 'auto',
          left: '50%',
          top: '50%',
          maxWidth: 'none',
          width: shown.width * scale,
          height: shown.height * scale,
          objectFit: 'contain' as const,
          transform: `translate(calc(-50% + ${offset.x}px), calc(-50% + ${offset.y}px))`,
        }

  return (
    <section className="canvas" aria-label="Canvas">
      <div className="canvas__toolbar">
        <div className="segmented" role="radiogroup" aria-label="Zoom">
          <label className="segmented__option">
            <input type="radio" name="zoom" checked={zoom === 'fit'} onChange={() => setZoom('fit')} />
            Fit
          </label>
          <label className="segmented__option">
            <input
              type="radio"
              name="zoom"
              checked={zoom === 1}
              onChange={() => {
                setZoom(1)
                setOffset({ x: 0, y: 0 })
              }}
            />
            Actual size
          </label>
        </div>
        <span className="muted" aria-live="polite">
          {shown ? `${Math.round(scale * 100)}%` : ''}
        </span>
        <span className="canvas__spacer" />
        <button
          type="button"
          className="button"
          onClick={() => {
            setProblem(null)
            invoke('images.pick', {}).then((record) => record && onSource(record.id), setProblem)
          }}
        >
          Choose a file…
        </button>
      </div>
      <div
        ref={viewport}
        className={`canvas__viewport${over ? ' canvas__viewport--over' : ''}${zoom === 'fit' ? '' : ' canvas__viewport--zoomed'}${shown ? '' : ' canvas__viewport--empty'}`}
        role="application"
        aria-label="Image canvas: drop a PNG or JPEG here. Plus and minus zoom, 0 fits, arrows move a zoomed image."
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the canvas zooms and pans by keyboard
        tabIndex={0}
        onKeyDown={(event) => {
          if (!shown || event.ctrlKey || event.metaKey || event.altKey) return
          const step = 40
          const pans: Record<string, { x: number; y: number }> = {
            ArrowLeft: { x: step, y: 0 },
            ArrowRight: { x: -step, y: 0 },
            ArrowUp: { x: 0, y: step },
            ArrowDown: { x: 0, y: -step },
          }
          if (event.key === '+' || event.key === '=') setZoom(Math.min(8, scale * 1.25))
          else if (event.key === '-') setZoom(Math.max(0.05, scale / 1.25))
          else if (event.key === '0') setZoom('fit')
          else if (pans[event.key] && zoom !== 'fit') {
            const by = pans[event.key] ?? { x: 0, y: 0 }
            setOffset((current) => ({ x: current.x + by.x, y: current.y + by.y }))
          } else return
          event.preventDefault()
        }}
        onDragOver={(event) => {
          event.preventDefault()
          setOver(true)
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(event) => {
          event.preventDefault()
          setOver(false)
          const id = event.dataTransfer.getData(imageDragType)
          if (id) onSource(id)
          else {
            const file = event.dataTransfer.files[0]
            if (file) void bring(file)
          }
        }}
        onWheel={(event) => {
          if (!shown) return
          const next = Math.min(8, Math.max(0.05, scale * (event.deltaY < 0 ? 1.15 : 1 / 1.15)))
          setZoom(next)
        }}
        onPointerDown={(event) => {
          if (zoom === 'fit' || (event.target as HTMLElement).closest('input')) return
          drag.current = { x: event.clientX - offset.x, y: event.clientY - offset.y }
          event.currentTarget.setPointerCapture(event.pointerId)
        }}
        onPointerMove={(event) => {
          if (drag.current)
            setOffset({ x: event.clientX - drag.current.x, y: event.clientY - drag.current.y })
        }}
        onPointerUp={() => {
          drag.current = null
        }}
      >
        {props.run?.pending ? (
          <div className="canvas__overlay" role="status">
            <span className="progress-bar" aria-hidden="true" />
            {props.run.editing ? 'Editing…' : 'Generating…'} The image appears here when the service answers.
          </div>
        ) : props.run?.error ? (
          <div className="canvas__overlay canvas__overlay--refused" role="alert">
            Not drawn: {props.run.error instanceof Error ? props.run.error.message : String(props.run.error)}
          </div>
        ) : null}
        {shown ? (
          <>
            <img
              className={`canvas__image${props.run?.pending || props.run?.error ? ' canvas__image--stale' : ''}`}
              src={comparing ? props.source?.url : shown.url}
              alt={comparing ? `Before: ${props.source?.prompt}` : shown.prompt}
              decoding="async"
              draggable={false}
              style={style}
            />
            {comparing && props.result ? (
              <img
                className="canvas__image canvas__image--after"
                src={props.result.url}
                alt={`After: ${props.result.prompt}`}
                decoding="async"
                draggable={false}
                style={{ ...style, clipPath: `inset(0 0 0 ${split}%)` }}
              />
            ) : null}
            {comparing ? (
              <>
                <span className="canvas__divider" style={{ left: `${split}%` }} aria-hidden="true" />
                <input
                  className="canvas__slider"
                  type="range"
                  min={0}
                  max={100}
                  value={split}
                  aria-label="Before and after"
                  onChange={(event) => setSplit(Number(event.target.value))}
                />
                <span className="canvas__tag canvas__tag--before">Before</span>
                <span className="canvas__tag canvas__tag--after">After</span>
              </>
            ) : null}
          </>
        ) : (
          <div className="canvas__empty">
            <strong>{busy ? 'Bringing the image in…' : 'Drop a PNG or JPEG here to edit it'}</strong>
            <span className="muted">or paste one, choose a file, or drag an image from the gallery</span>
          </div>
        )}
      </div>
      <ErrorNote error={problem} />
    </section>
  )
}
