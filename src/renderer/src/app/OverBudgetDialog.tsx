// A request a budget refused, from any screen: what it would cost and what is left (main's words), and what the
// person can do — not send it (the safe choice, so the primary one), raise the budget right here and send it, or
// send this one anyway (main logs it). One dialog for every feature, since every costly call goes through `invoke`.
import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { ModalDialog } from '../components/ConfirmDialog.tsx'
import { BudgetForm } from '../features/settings/BudgetsSection.tsx'
import { invoke, type OverBudgetChoice, onOverBudget, queryKeys } from '../ipc.ts'
import { useProfileId } from '../profiles.ts'

interface Asking {
  message: string
  resolve: (choice: OverBudgetChoice) => void
}

/** The active profile's budgets, to raise them without leaving the dialog. */
function RaiseBudget({ onSaved }: { onSaved: () => void }) {
  const profileId = useProfileId()
  const budgets = useQuery({
    queryKey: [...queryKeys.spend(), 'budgets'],
    queryFn: () => invoke('spend.budgets', {}),
  })
  const profile = budgets.data?.find((one) => one.profileId === profileId)
  if (!profile) return <p className="muted">Reading the budgets…</p>
  return <BudgetForm profile={profile} onSaved={onSaved} />
}

export function OverBudgetDialog() {
  const [asking, setAsking] = useState<Asking | null>(null)
  const [raising, setRaising] = useState(false)
  const [raised, setRaised] = useState(false)
  useEffect(
    () =>
      onOverBudget(
        (refusal) =>
          new Promise<OverBudgetChoice>((resolve) =>
            // One question at a time: a refusal asked about while another is open answers that one "don't send".
            setAsking((previous) => {
              previous?.resolve('cancel')
              setRaising(false)
              setRaised(false)
              return { message: refusal.message, resolve }
            }),
          ),
      ),
    [],
  )
  if (!asking) return null
  const answer = (choice: OverBudgetChoice) => {
    asking.resolve(choice)
    setAsking(null)
  }
  return (
    <ModalDialog
      title="Over the budget"
      message={
        raised
          ? 'The budget is raised: send the request now, checked against it.'
          : `${asking.message} Sending it anyway is noted in the app’s log.`
      }
      body={raising && !raised ? <RaiseBudget onSaved={() => setRaised(true)} /> : null}
      onCancel={() => answer('cancel')}
    >
      {raised ? (
        <button type="button" className="button button--primary" onClick={() => answer('send-again')}>
          Send it now
        </button>
      ) : null}
      <button
        type="button"
        className={raised ? 'button' : 'button button--primary'}
        onClick={() => answer('cancel')}
      >
        Don’t send
      </button>
      {raising ? null : (
        <button type="button" className="button" onClick={() => setRaising(true)}>
          Raise the budget
        </button>
      )}
      {raised ? null : (
        <button type="button" className="button" onClick={() => answer('send-anyway')}>
          Send anyway
        </button>
      )}
    </ModalDialog>
  )
}
