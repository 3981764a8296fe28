// The app's own question before something that cannot be undone, in place of the browser's `confirm()`: a modal
// dialog that keeps the focus inside, says what will happen, and takes Escape or "Keep" for no. Focus goes back
// to what had it.
import { type ReactNode, useCallback, useId, useLayoutEffect, useRef, useState } from 'react'
import './confirm-dialog.css'

interface Question {
  message: string
  /** The button that goes ahead, in words of what it does ("Delete job"). */
  confirm: string
  resolve: (yes: boolean) => void
}

/** A dialog to render and a function that asks and resolves with the answer. */
export function useConfirm(): [ReactNode, (message: string, confirm: string) => Promise<boolean>] {
  const [asking, setAsking] = useState<Question | null>(null)
  const ask = useCallback(
    (message: string, confirm: string) =>
      new Promise<boolean>((resolve) => setAsking({ message, confirm, resolve })),
    [],
  )
  const dialog = asking ? (
    <ConfirmDialog
      question={asking}
      onAnswer={(yes) => {
        asking.resolve(yes)
        setAsking(null)
      }}
    />
  ) : null
  return [dialog, ask]
}

function ConfirmDialog({ question, onAnswer }: { question: Question; onAnswer: (yes: boolean) => void }) {
  return (
    <ModalDialog message={question.message} onCancel={() => onAnswer(false)}>
      <button type="button" className="button" onClick={() => onAnswer(false)}>
        Keep
      </button>
      <button type="button" className="button button--danger" onClick={() => onAnswer(true)}>
        {question.confirm}
      </button>
    </ModalDialog>
  )
}

/**
 * A modal dialog of the app: a title (when it has one), what it says, and its actions. The focus stays inside;
 * Escape answers `onCancel` (this dialog only, not a panel behind it); the focus goes back to what had it.
 */
export function ModalDialog(props: {
  title?: string
  message: ReactNode
  /** More than words, between them and the actions (a form). */
  body?: ReactNode
  onCancel: () => void
  children: ReactNode
}) {
  const ref = useRef<HTMLDialogElement>(null)
  const id = useId()
  useLayoutEffect(() => {
    const dialog = ref.current
    dialog?.showModal()
    // Closed while still in the page, so the browser gives the focus back to what had it.
    return () => dialog?.close()
  }, [])
  return (
    <dialog
      ref={ref}
      className="confirm-dialog"
      aria-labelledby={props.title ? `${id}-title` : `${id}-message`}
      aria-describedby={props.title ? `${id}-message` : undefined}
      onCancel={(event) => {
        event.preventDefault()
        props.onCancel()
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') event.stopPropagation()
      }}
    >
      {props.title ? (
        <h2 id={`${id}-title`} className="confirm-dialog__title">
          {props.title}
        </h2>
      ) : null}
      <p id={`${id}-message`} className="confirm-dialog__message">
        {props.message}
      </p>
      {props.body}
      <div className="form-actions">{props.children}</div>
    </dialog>
  )
}
