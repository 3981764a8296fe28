// Media a person adds to a request: dropped, picked or given by URL, shown as thumbnails.
import { useId, useState } from 'react'
import './media-inputs.css'

export type MediaKind = 'image' | 'audio' | 'video'

export interface MediaInput {
  /** Stable identity in lists. */
  id: string
  kind: MediaKind
  /** A data: URI for a file, or the URL as typed. */
  url: string
  label: string
}

const maxBytes = 10 * 1024 * 1024
const accepted: Record<MediaKind, string[]> = {
  image: ['image/png', 'image/jpeg', 'image/webp'],
  audio: ['audio/mpeg', 'audio/wav', 'audio/mp4', 'audio/x-wav'],
  video: ['video/mp4', 'video/webm', 'video/quicktime'],
}

function kindOf(type: string): MediaKind | null {
  for (const kind of ['image', 'audio', 'video'] as const) if (accepted[kind].includes(type)) return kind
  return null
}

export function readMediaFile(file: File, allowed: MediaKind[]): Promise<MediaInput> {
  const kind = kindOf(file.type)
  if (!kind || !allowed.includes(kind)) {
    return Promise.reject(new Error(`${file.name} is not a supported ${allowed.join(' or ')} file.`))
  }
  if (file.size > maxBytes) return Promise.reject(new Error(`${file.name} is larger than 10 MiB.`))
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () =>
      resolve({ id: crypto.randomUUID(), kind, url: String(reader.result), label: file.name })
    reader.onerror = () => reject(new Error(`${file.name} could not be read.`))
    reader.readAsDataURL(file)
  })
}

/** Adds the files of a paste (an image copied from another app) to a list, reporting the ones refused. */
export function pastedMedia(
  event: { clipboardData: DataTransfer; preventDefault(): void },
  allowed: MediaKind[],
  onAdd: (input: MediaInput) => void,
  onProblem: (message: string) => void,
): void {
  const files = Array.from(event.clipboardData.files)
  if (files.length === 0) return
  event.preventDefault()
  for (const file of files)
    readMediaFile(file, allowed).then(onAdd, (error: Error) => onProblem(error.message))
}

export function MediaThumb({ input, onRemove }: { input: MediaInput; onRemove: () => void }) {
  return (
    <figure className="media-thumb">
      {input.kind === 'image' ? (
        <img src={input.url} alt={input.label} />
      ) : (
        <span className="media-thumb__kind">{input.kind}</span>
      )}
      <figcaption title={input.label}>{input.label}</figcaption>
      <button
        type="button"
        className="media-thumb__remove"
        aria-label={`Remove ${input.label}`}
        onClick={onRemove}
      >
        ×
      </button>
    </figure>
  )
}

/** A drop zone with a file picker and a URL field, adding inputs of the allowed kinds. */
export function MediaDrop(props: {
  label: string
  allowed: MediaKind[]
  onAdd: (input: MediaInput) => void
  disabled?: boolean
}) {
  const fileId = useId()
  const [url, setUrl] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [over, setOver] = useState(false)
  const add = (files: FileList | null) => {
    setProblem(null)
    for (const file of Array.from(files ?? []))
      readMediaFile(file, props.allowed).then(props.onAdd, (error: Error) => setProblem(error.message))
  }
  const addUrl = () => {
    try {
      const parsed = new URL(url)
      if (!['https:', 'http:'].includes(parsed.protocol)) throw new Error()
      const extension = parsed.pathname.split('.').pop()?.toLowerCase() ?? ''
      const guessed: MediaKind = ['mp3', 'wav', 'm4a', 'aac'].includes(extension)
        ? 'audio'
        : ['mp4', 'mov', 'webm'].includes(extension)
          ? 'video'
          : 'image'
      const kind = props.allowed.includes(guessed) ? guessed : (props.allowed[0] ?? 'image')
      props.onAdd({
        id: crypto.randomUUID(),
        kind,
        url: parsed.href,
        label: parsed.pathname.split('/').pop() || parsed.host,
      })
      setUrl('')
      setProblem(null)
    } catch {
      setProblem('Enter a full http(s) address.')
    }
  }
  return (
    <fieldset
      aria-label={props.label}
      className={`media-drop${over ? ' media-drop--over' : ''}`}
      onDragOver={(event) => {
        event.preventDefault()
        setOver(true)
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault()
        setOver(false)
        if (!props.disabled) add(event.dataTransfer.files)
      }}
      onPaste={(event) => {
        if (!props.disabled) pastedMedia(event, props.allowed, props.onAdd, setProblem)
      }}
    >
      <span className="media-drop__hint">{props.label}</span>
      <div className="media-drop__row">
        <label className="button button--small" htmlFor={fileId}>
          Choose file
        </label>
        <input
          id={fileId}
          type="file"
          className="visually-hidden"
          disabled={props.disabled}
          accept={props.allowed.flatMap((kind) => accepted[kind]).join(',')}
          multiple
          onChange={(event) => add(event.target.files)}
        />
        <input
          type="text"
          aria-label={`${props.label} URL`}
          placeholder="or paste a URL"
          value={url}
          disabled={props.disabled}
          onChange={(event) => setUrl(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault()
              addUrl()
            }
          }}
        />
        <button
          type="button"
          className="button button--small"
          aria-label={`Add URL (${props.label})`}
          disabled={!url || props.disabled}
          onClick={addUrl}
        >
          Add
        </button>
      </div>
      {problem ? (
        <span className="field-error" role="alert">
          {problem}
        </span>
      ) : null}
    </fieldset>
  )
}
