// What the app spent, from its one ledger: a day, a week, a month or everything, for the active profile or all;
// by feature, by model and by day, the costliest items (each opens where it was made), and a CSV of the entries.
import { useMutation, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { parseAmount } from '#shared/domain/money'
import {
  spendFeatureWord,
  spendFeatureWords,
  spendItemWords,
  spendProfileName,
} from '#shared/domain/spend-words'
import type { SpendSummary } from '#shared/ipc/routes/spend'
import { ErrorNote } from '../../components/ErrorNote.tsx'
import { formatUsd } from '../../format.ts'
import { invoke, queryKeys } from '../../ipc.ts'
import { useProfiles } from '../../profiles.ts'

const ranges = [
  { id: 'today', label: 'Today' },
  { id: 'week', label: 'Last 7 days' },
  { id: 'month', label: 'This month' },
  { id: 'all', label: 'Everything' },
] as const
type RangeId = (typeof ranges)[number]['id']

function rangeOf(id: RangeId, now = new Date()): { from: number; to: number } {
  const start = new Date(now)
  start.setHours(0, 0, 0, 0)
  if (id === 'week') start.setDate(start.getDate() - 6)
  if (id === 'month') start.setDate(1)
  return { from: id === 'all' ? 0 : start.getTime(), to: now.getTime() + 1 }
}

const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** A bar's day of the month; the month's name on the first bar and where a month begins. */
function dayLabel(day: string, index: number, days: SpendSummary['byDay']): string {
  // An hour of a day's range: its hour.
  const hour = day.split(' ')[1]
  if (hour) return hour
  const [, month = '1', date = '1'] = day.split('-')
  const newMonth = index === 0 || days[index - 1]?.day.slice(0, 7) !== day.slice(0, 7)
  return newMonth ? `${monthNames[Number(month) - 1]} ${Number(date)}` : String(Number(date))
}

/** Each day's bar, its parts stacked by feature, as tall as its share of the costliest day. */
function DayBars({ days }: { days: SpendSummary['byDay'] }) {
  const most = days.reduce((max, day) => (parseAmount(day.cost) > max ? parseAmount(day.cost) : max), 0n)
  if (days.length === 0 || most === 0n) return null
  return (
    <ol
      className="spend-days"
      aria-label={days[0]?.day.includes(' ') ? 'Spending by hour' : 'Spending by day'}
    >
      {days.map((day, index) => (
        <li
          key={day.day}
          className="spend-days__day"
          aria-label={`${day.day}: ${formatUsd(day.cost)} (${Object.entries(day.byFeature)
            .map(([feature, cost]) => `${spendFeatureWord(feature)} ${formatUsd(cost)}`)
            .join(', ')})`}
        >
          <span className="spend-days__bar" aria-hidden="true">
            {Object.entries(day.byFeature).map(([feature, cost]) => (
              <span
                key={feature}
                className={`spend-days__part spend-days__part--${feature}`}
                style={{ height: `${Number((parseAmount(cost) * 1000n) / most) / 10}%` }}
              />
            ))}
          </span>
          <span className="spend-days__label" aria-hidden="true" title={day.day}>
            {dayLabel(day.day, index, days)}
          </span>
        </li>
      ))}
    </ol>
  )
}

/** What each column of a spend table holds: without it, a count of charges reads as an amount. */
function ColumnHeads({ first, middle }: { first: string; middle: string }) {
  return (
    <thead>
      <tr>
        <th scope="col">{first}</th>
        <th scope="col">{middle}</th>
        <th scope="col">Cost</th>
      </tr>
    </thead>
  )
}

export function SpendSection() {
  const [range, setRange] = useState<RangeId>('month')
  const [everyProfile, setEveryProfile] = useState(false)
  const input = { ...rangeOf(range), scope: everyProfile ? ('all' as const) : ('active' as const) }
  const summary = useQuery({
    queryKey: [...queryKeys.spend(), 'summary', range, everyProfile],
    queryFn: () => invoke('spend.summary', input),
  })
  const exported = useMutation({ mutationFn: () => invoke('spend.export', input) })
  const profiles = useProfiles()
  const profileName = (id: string | null) => spendProfileName(id, profiles.data ?? [])
  const data = summary.data
  return (
    <section className="card spend" aria-labelledby="spend-title">
      <h2 id="spend-title">Spend</h2>
      <div className="spend__controls">
        <div className="segmented" role="radiogroup" aria-label="Period">
          {ranges.map((option) => (
            <label key={option.id} className="segmented__option">
              <input
                type="radio"
                name="spend-range"
                checked={range === option.id}
                onChange={() => setRange(option.id)}
              />
              {option.label}
            </label>
          ))}
        </div>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={everyProfile}
            onChange={(event) => setEveryProfile(event.target.checked)}
          />
          Every profile
        </label>
        <button type="button" className="button button--small" onClick={() => exported.mutate()}>
          Export CSV…
        </button>
      </div>
      <ErrorNote error={summary.error ?? exported.error} onRetry={() => summary.refetch()} />
      {exported.data?.savedTo ? <p className="muted">Saved to {exported.data.savedTo}</p> : null}
      {data ? (
        <>
          <p className="spend__total" role="status">
            <strong>{formatUsd(data.total.cost)}</strong>{' '}
            <span className="muted">
              in {data.total.count} {data.total.count === 1 ? 'charge' : 'charges'}
              {data.estimated > 0
                ? ` (${data.estimated} estimated: there was no figure to price them from)`
                : ''}
            </span>
          </p>
          {data.pending.count > 0 ? (
            <p className="muted">
              Also held: {formatUsd(data.pending.cost)} for {data.pending.count}{' '}
              {data.pending.count === 1 ? 'request' : 'requests'} sent and not settled — under way, or never
              answered because the app stopped. They count against the budgets.
            </p>
          ) : null}
          <DayBars days={data.byDay} />
          {data.total.count === 0 ? (
            <p className="muted">Nothing was spent in this period.</p>
          ) : (
            <div className="spend__tables">
              <table className="spend__table">
                <caption>By feature</caption>
                <ColumnHeads first="Feature" middle="Charges" />
                <tbody>
                  {data.byFeature.map((row) => (
                    <tr key={row.feature}>
                      <th scope="row">
                        <span
                          className={`spend__swatch spend-days__part--${row.feature}`}
                          aria-hidden="true"
                        />
                        {spendFeatureWords[row.feature]}
                      </th>
                      <td>{row.count}</td>
                      <td>{formatUsd(row.cost)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <table className="spend__table">
                <caption>By model</caption>
                <ColumnHeads first="Model" middle="Charges" />
                <tbody>
                  {data.byModel.slice(0, 10).map((row) => (
                    <tr key={row.model}>
                      <th scope="row">{row.model}</th>
                      <td>{row.count}</td>
                      <td>{formatUsd(row.cost)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {everyProfile ? (
                <table className="spend__table">
                  <caption>By profile</caption>
                  <ColumnHeads first="Profile" middle="Charges" />
                  <tbody>
                    {data.byProfile.map((row) => (
                      <tr key={row.profileId ?? ''}>
                        <th scope="row">{profileName(row.profileId)}</th>
                        <td>{row.count}</td>
                        <td>{formatUsd(row.cost)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              ) : null}
              <table className="spend__table spend__table--wide">
                <caption>Costliest</caption>
                <ColumnHeads first="Item" middle="Date" />
                <tbody>
                  {data.top.map((row) => (
                    <tr key={`${row.at}-${row.path}`}>
                      <th scope="row">
                        <a href={`#${row.path}`}>
                          {row.model} · {spendItemWords[row.feature]}
                        </a>
                      </th>
                      <td>{new Date(row.at).toLocaleDateString('en-US')}</td>
                      <td>
                        {row.estimated ? (
                          <abbr title="An estimate: there was no figure to price it from">≈ </abbr>
                        ) : null}
                        {formatUsd(row.cost)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <p className="muted">
            Each cost is worked out from what the service reported (a video’s cost, or the tokens used at the
            model’s prices) and added up exactly. Deleting an item keeps what it cost here.
          </p>
        </>
      ) : null}
    </section>
  )
}
