// Budgets per profile: at most so much a day and a month. Main checks every costly request against them; here
// the person sets them and sees how far each profile is into its own. The built-in sandbox is never limited.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useState } from 'react'
import type { ProfileBudget } from '#shared/ipc/routes/spend'
import { ErrorNote } from '../../components/ErrorNote.tsx'
import { formatUsd } from '../../format.ts'
import { invoke, queryKeys } from '../../ipc.ts'
import { useProfiles } from '../../profiles.ts'

const amountShape = /^\d{1,9}(\.\d{1,6})?$/
const amountProblem = (typed: string) =>
  typed.trim() === '' || amountShape.test(typed.trim())
    ? null
    : 'Write the budget in USD, like 25 or 2.50, or leave it empty for none.'

function Use({ profile }: { profile: ProfileBudget }) {
  return (
    <>
      {profile.use.map((use) => (
        <span key={use.period} className="budget__use">
          <meter
            min={0}
            max={1}
            low={0.8}
            high={0.99}
            optimum={0}
            value={Math.min(use.share, 1)}
            aria-label={`${use.period === 'day' ? 'Today' : 'This month'}: ${Math.floor(use.share * 100)}% of ${formatUsd(use.limit)}`}
          />
          <span className="muted">
            {Math.floor(use.share * 100)}% of {formatUsd(use.limit)}{' '}
            {use.period === 'day' ? 'today' : 'this month'}
          </span>
        </span>
      ))}
    </>
  )
}

/** A profile's budgets, as Settings shows them and the dialog of a refused request does. */
export function BudgetForm({ profile, onSaved }: { profile: ProfileBudget; onSaved?: () => void }) {
  const client = useQueryClient()
  const id = useId()
  const [daily, setDaily] = useState(profile.budget.daily ?? '')
  const [monthly, setMonthly] = useState(profile.budget.monthly ?? '')
  // A budget saved elsewhere (the dialog of a refused request, a command) shows as it now is.
  useEffect(() => {
    setDaily(profile.budget.daily ?? '')
    setMonthly(profile.budget.monthly ?? '')
  }, [profile.budget.daily, profile.budget.monthly])
  const save = useMutation({
    mutationFn: () =>
      invoke('spend.setBudget', {
        profileId: profile.profileId,
        daily: daily.trim() || null,
        monthly: monthly.trim() || null,
      }),
    onSuccess: () => {
      onSaved?.()
      return client.invalidateQueries({ queryKey: queryKeys.spend() })
    },
  })
  const problems = { daily: amountProblem(daily), monthly: amountProblem(monthly) }
  const changed =
    (daily.trim() || null) !== profile.budget.daily || (monthly.trim() || null) !== profile.budget.monthly
  return (
    <form
      className="budget"
      aria-label={`Budget of ${profile.name}`}
      onSubmit={(event) => {
        event.preventDefault()
        if (!problems.daily && !problems.monthly) save.mutate()
      }}
    >
      <div className="budget__head">
        <strong>{profile.name}</strong>
        <span className="muted">
          {formatUsd(profile.spentToday)} today · {formatUsd(profile.spentThisMonth)} this month
        </span>
        <Use profile={profile} />
      </div>
      {profile.limited ? (
        <div className="budget__fields">
          {(
            [
              ['daily', 'A day', daily, setDaily],
              ['monthly', 'A month', monthly, setMonthly],
            ] as const
          ).map(([key, label, value, set]) => (
            <label key={key} className="field budget__field">
              <span className="field__label">{label} (USD)</span>
              <input
                value={value}
                inputMode="decimal"
                placeholder="No limit"
                aria-invalid={problems[key] ? true : undefined}
                aria-describedby={problems[key] ? `${id}-${key}` : undefined}
                onChange={(event) => set(event.target.value)}
              />
            </label>
          ))}
          <button
            type="submit"
            className="button button--small"
            disabled={!changed || save.isPending || problems.daily !== null || problems.monthly !== null}
          >
            {save.isPending ? 'Saving…' : 'Save budget'}
          </button>
          {save.isSuccess && !changed ? (
            <span className="muted" role="status">
              Saved
            </span>
          ) : null}
        </div>
      ) : (
        <p className="muted">Built in and free: its spending is shown here, never limited.</p>
      )}
      {/* Under the row of fields, a line each, so a problem never pushes the other field down. */}
      {(['daily', 'monthly'] as const).map((key) =>
        problems[key] ? (
          <p key={key} id={`${id}-${key}`} className="field-error budget__problem">
            {key === 'daily' ? 'A day: ' : 'A month: '}
            {problems[key]}
          </p>
        ) : null,
      )}
      <ErrorNote error={save.error} />
    </form>
  )
}

export function BudgetsSection() {
  // One form per profile: a profile added, renamed or deleted is read again with the profiles.
  const profiles = useProfiles()
  const budgets = useQuery({
    queryKey: [
      ...queryKeys.spend(),
      'budgets',
      profiles.data?.map((profile) => `${profile.id}:${profile.name}`),
    ],
    queryFn: () => invoke('spend.budgets', {}),
  })
  return (
    <section className="card budgets" aria-labelledby="budgets-title">
      <h2 id="budgets-title">Budgets</h2>
      <p className="muted">
        Before anything that costs money is sent, the app adds what the profile spent today and this month,
        what its requests under way will cost, and this one’s estimate. Past a budget it asks first; a batch
        stops at the row it cannot afford and goes on once the budget allows. At 80% you are told once.
      </p>
      <ErrorNote error={budgets.error} onRetry={() => budgets.refetch()} />
      {budgets.data?.map((profile) => (
        <BudgetForm key={profile.profileId} profile={profile} />
      ))}
    </section>
  )
}
