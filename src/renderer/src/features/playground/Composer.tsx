// The next user turn: text and media (dropped, picked or pasted), sent with the button or Ctrl/Cmd+Enter.
import { useState } from 'react'
import {
  MediaDrop,
  type MediaInput,
  type MediaKind,
  MediaThumb,
  pastedMedia,
} from '../../components/MediaInputs.tsx'

export interface ComposedTurn {
  text: string
  media: MediaInput[]
}

/** A data: URI split into its type and base64 data. */
export function dataOf(url: string): { mimeType: string; data: string } | null {
  const match = /^data:([^;,]+);base64,(.*)$/s.exec(url)
  return match ? { mimeType: match[1] ?? '', data: match[2] ?? '' } : null
}

export function Composer(props: {
  allowed: MediaKind[]
  busy: boolean
  disabledReason: string | null
  /** Something Send waits for that is not the person's to fix (the models arriving). */
  waitingFor?: string | null
  onSend: (turn: ComposedTurn) => void
  onCancel: () => void
}) {
  const [text, setText] = useState('')
  const [media, setMedia] = useState<MediaInput[]>([])
  const [problem, setProblem] = useState<string | null>(null)
  const held = props.busy || Boolean(props.waitingFor) || props.disabledReason !== null
  const send = () => {
    if (held || (!text.trim() && media.length === 0)) return
    props.onSend({ text, media })
    setText('')
    setMedia([])
  }
  return (
    <form
      className="composer"
      aria-label="Next turn"
      onSubmit={(event) => {
        event.preventDefault()
        send()
      }}
    >
      <label className="field">
        <span className="field__label">Your message</span>
        <textarea
          rows={3}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if ((event.ctrlKey || event.metaKey) && event.key === 'Enter') {
              event.preventDefault()
              send()
            }
          }}
          onPaste={(event) =>
            pastedMedia(
              event,
              props.allowed,
              (added) => setMedia((current) => [...current, added]),
              setProblem,
            )
          }
        />
      </label>
      <div className="references__slots">
        {media.map((item) => (
          <MediaThumb
            key={item.id}
            input={item}
            onRemove={() => setMedia(media.filter((other) => other.id !== item.id))}
          />
        ))}
        <MediaDrop
          label={props.allowed.length > 1 ? 'Add an image, audio or video file' : 'Add an image'}
          allowed={props.allowed}
          onAdd={(added) => {
            if (dataOf(added.url)) setMedia((current) => [...current, added])
          }}
        />
      </div>
      {props.waitingFor ? (
        <p className="muted" role="status">
          {props.waitingFor}
        </p>
      ) : props.disabledReason ? (
        <p className="field-error">{props.disabledReason}</p>
      ) : null}
      {problem ? <p className="field-error">{problem}</p> : null}
      <div className="form-actions">
        <button
          type="submit"
          className="button button--primary"
          disabled={held || (!text.trim() && media.length === 0)}
        >
          {props.busy ? 'Answering…' : 'Send'}
        </button>
        {props.busy ? (
          <button type="button" className="button" onClick={props.onCancel}>
            Stop
          </button>
        ) : null}
        <span className="muted">Ctrl/⌘+Enter</span>
      </div>
    </form>
  )
}
