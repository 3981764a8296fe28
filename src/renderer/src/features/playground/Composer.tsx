// The next user turn: text and media (dropped, picked or pasted), sent with the button or Ctrl/Cmd+Enter. What is
// written is the playground's draft (kept across screens and restarts); asked to send while the models are still
// arriving, it says so and sends once they are there.
import { useEffect, useState } from 'react'
import {
  MediaDrop,
  type MediaInput,
  type MediaKind,
  MediaThumb,
  pastedMedia,
} from '../../components/MediaInputs.tsx'
import { useKeptDraft } from '../../kept-drafts.ts'
import type { TurnDraftOf } from './composer-draft.ts'

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
  /** Which playground's draft this is. */
  draft: TurnDraftOf
  allowed: MediaKind[]
  busy: boolean
  disabledReason: string | null
  /** Something Send waits for that is not the person's to fix (the models arriving). */
  waitingFor?: string | null
  onSend: (turn: ComposedTurn) => void
  onCancel: () => void
}) {
  useKeptDraft(props.draft.kept)
  const { text, media } = props.draft.store((state) => state.draft)
  const change = props.draft.store((state) => state.change)
  const setText = (value: string) => change({ text: value })
  const setMedia = (update: (current: MediaInput[]) => MediaInput[]) =>
    change((draft) => ({ media: update(draft.media) }))
  const [problem, setProblem] = useState<string | null>(null)
  /** Sent while the models were still arriving: it goes as soon as they are there. */
  const [queued, setQueued] = useState(false)
  const blocked = props.busy || props.disabledReason !== null
  const held = blocked || Boolean(props.waitingFor)
  const empty = !text.trim() && media.length === 0
  const send = () => {
    if (empty || blocked) return
    if (props.waitingFor) return setQueued(true)
    props.onSend({ text, media })
    props.draft.clear()
  }
  const { onSend, draft } = props
  useEffect(() => {
    if (!queued || held) return
    setQueued(false)
    const turn = draft.store.getState().draft
    if (!turn.text.trim() && turn.media.length === 0) return
    onSend(turn)
    draft.clear()
  }, [queued, held, onSend, draft])
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
            onRemove={() => setMedia((current) => current.filter((other) => other.id !== item.id))}
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
          {queued ? `${props.waitingFor} Your message goes as soon as they are here.` : props.waitingFor}
        </p>
      ) : props.disabledReason ? (
        <p className="field-error">{props.disabledReason}</p>
      ) : null}
      {problem ? <p className="field-error">{problem}</p> : null}
      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={blocked || empty || queued}>
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
