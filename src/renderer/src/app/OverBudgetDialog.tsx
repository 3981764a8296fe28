// A request a budget refused, from any screen: what it would cost and what is left (main's words), and what the
// person can do — not send it, raise the budget, or send this one anyway (main logs it). One dialog for every
// feature, since every costly call goes through `invoke`.
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react'
import { onOverBudget } from '../ipc.ts'
import { navigate, pathTo } from '../router.ts'
import '../components/confirm-dialog.css'

interface Asking {
  message: string
  resolve: (sendAnyway: boolean) => void
}

export function OverBudgetDialog() {
  const [asking, setAsking] = useState<Asking | null>(null)
  useEffect(
    () =>
      onOverBudget(
        (refusal) =>
          new Promise<boolean>((resolve) =>
            // One question at a time: a refusal asked about while another is open answers that one "don't send".
            setAsking((previous) => {
              previous?.resolve(false)
              return { message: refusal.message, resolve }
            }),
          ),
      ),
    [],
  )
  if (!asking) return null
  const answer = (sendAnyway: boolean) => {
    asking.resolve(sendAnyway)
    setAsking(null)
  }
  return (
    <Dialog
      message={asking.message}
      onAnswer={answer}
      onRaise={() => {
        answer(false)
        navigate(pathTo('/settings', { section: 'spend' }))
      }}
    />
  )
}

function Dialog(props: { message: string; onAnswer: (sendAnyway: boolean) => void; onRaise: () => void }) {
  const ref = useRef<HTMLDialogElement>(null)
  const id = useId()
  useLayoutEffect(() => {
    const dialog = ref.current
    dialog?.showModal()
    return () => dialog?.close()
  }, [])
  return (
    <dialog
      ref={ref}
      className="confirm-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-message`}
      onCancel={(event) => {
        event.preventDefault()
        props.onAnswer(false)
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') event.stopPropagation()
      }}
    >
      <h2 id={`${id}-title`} className="confirm-dialog__title">
        Over the budget
      </h2>
      <p id={`${id}-message`} className="confirm-dialog__message">
        {props.message} Sending it anyway is noted in the app’s log.
      </p>
      <div className="form-actions">
        <button type="button" className="button" onClick={() => props.onAnswer(false)}>
          Don’t send
        </button>
        <button type="button" className="button" onClick={props.onRaise}>
          Raise the budget
        </button>
        <button type="button" className="button button--primary" onClick={() => props.onAnswer(true)}>
          Send anyway
        </button>
      </div>
    </dialog>
  )
}
