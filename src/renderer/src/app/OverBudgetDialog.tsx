// A request a budget refused, from any screen: what it would cost and what is left (main's words), and what the
// person can do — not send it, raise the budget, or send this one anyway (main logs it). One dialog for every
// feature, since every costly call goes through `invoke`.
import { useEffect, useState } from 'react'
import { ModalDialog } from '../components/ConfirmDialog.tsx'
import { onOverBudget } from '../ipc.ts'
import { navigate, pathTo } from '../router.ts'

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
    <ModalDialog
      title="Over the budget"
      message={`${asking.message} Sending it anyway is noted in the app’s log.`}
      onCancel={() => answer(false)}
    >
      <button type="button" className="button" onClick={() => answer(false)}>
        Don’t send
      </button>
      <button
        type="button"
        className="button"
        onClick={() => {
          answer(false)
          navigate(pathTo('/settings', { section: 'spend' }))
        }}
      >
        Raise the budget
      </button>
      <button type="button" className="button button--primary" onClick={() => answer(true)}>
        Send anyway
      </button>
    </ModalDialog>
  )
}
