// What the app spent, from the ledger: exact sums (the money type, never floats) by feature, model and day, the
// costliest items with their addresses, and the entries as a CSV (spend-csv.ts).
import { formatAmount, parseAmount } from '#shared/domain/money'
import { AppError } from '#shared/ipc/app-error'
import type { RouteInput } from '#shared/ipc/contract'
import type { ProfileBudget, SpendSummary, spendRoutes } from '#shared/ipc/routes/spend'
import { writeFileAtomic } from '../files/atomic-write.ts'
import type { History } from '../history/history.ts'
import type { SpendRow } from '../history/spend.ts'
import type { Platform } from '../platform.ts'
import type { ProfileScope } from '../profiles/profile-scope.ts'
import { type Budgets, nearShare, periodStart } from './budgets.ts'
import { spendCsv } from './spend-csv.ts'

type Range = RouteInput<typeof spendRoutes, 'spend.summary'>

const dayOf = (at: number) => {
  const date = new Date(at)
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`
}

const hourOf = (at: number) => `${dayOf(at)} ${String(new Date(at).getHours()).padStart(2, '0')}:00`

/** Where an entry's item is shown in the app. */
export function pathOfEntry(row: Pick<SpendRow, 'feature' | 'itemId'>): string {
  switch (row.feature) {
    case 'video':
      return `/videos?job=${encodeURIComponent(row.itemId)}`
    case 'image':
      return `/images?image=${encodeURIComponent(row.itemId)}&view=gallery`
    case 'batch':
      return `/decisions?view=batch&batch=${encodeURIComponent(row.itemId.split(':')[0] ?? '')}`
    case 'decision':
      return `/decisions?view=runs&run=${encodeURIComponent(row.itemId)}`
    case 'playground': {
      const conversation = row.itemId.split(':')[0]
      return conversation ? `/playground?conversation=${encodeURIComponent(conversation)}` : '/playground'
    }
    default:
      return '/playground?tab=caches'
  }
}

/** Sums of exact amounts, keyed. */
function sums<K extends string>(rows: readonly SpendRow[], key: (row: SpendRow) => K) {
  const totals = new Map<K, { units: bigint; count: number }>()
  for (const row of rows) {
    const k = key(row)
    const current = totals.get(k) ?? { units: 0n, count: 0 }
    current.units += parseAmount(row.cost)
    current.count += 1
    totals.set(k, current)
  }
  return [...totals].sort(([, a], [, b]) => (a.units < b.units ? 1 : a.units > b.units ? -1 : 0))
}

export function summarize(
  rows: readonly SpendRow[],
  from: number,
  to: number,
  profileId: string | null,
): Omit<SpendSummary, 'pending'> {
  const all = sums(rows, () => 'all')[0]?.[1] ?? { units: 0n, count: 0 }
  // A range of a day or less is drawn by hour (`2026-11-28 14:00`): one bar says nothing.
  const bucketOf = to - from <= 25 * 60 * 60 * 1000 ? hourOf : dayOf
  const days = new Map<string, SpendRow[]>()
  for (const row of rows) days.set(bucketOf(row.at), [...(days.get(bucketOf(row.at)) ?? []), row])
  return {
    from,
    to,
    profileId,
    total: { cost: formatAmount(all.units), count: all.count },
    byFeature: sums(rows, (row) => row.feature).map(([feature, t]) => ({
      feature,
      cost: formatAmount(t.units),
      count: t.count,
    })),
    byModel: sums(rows, (row) => row.model).map(([model, t]) => ({
      model,
      cost: formatAmount(t.units),
      count: t.count,
    })),
    byProfile: sums(rows, (row) => row.profileId ?? '').map(([profile, t]) => ({
      profileId: profile || null,
      cost: formatAmount(t.units),
      count: t.count,
    })),
    estimated: rows.filter((row) => row.estimated === 1).length,
    byDay: [...days].map(([day, dayRows]) => ({
      day,
      cost: formatAmount(dayRows.reduce((sum, row) => sum + parseAmount(row.cost), 0n)),
      byFeature: Object.fromEntries(
        sums(dayRows, (row) => row.feature).map(([f, t]) => [f, formatAmount(t.units)]),
      ),
    })),
    top: [...rows]
      .sort((a, b) => {
        const [x, y] = [parseAmount(a.cost), parseAmount(b.cost)]
        return x < y ? 1 : x > y ? -1 : b.at - a.at
      })
      .slice(0, 10)
      .map((row) => ({
        at: row.at,
        feature: row.feature,
        model: row.model,
        cost: row.cost,
        estimated: row.estimated === 1,
        path: pathOfEntry(row),
      })),
  }
}

export function createSpendService(deps: {
  history: History
  platform: Platform
  budgets: Budgets
  profiles: () => { id: string; name: string }[]
  now?: () => number
}) {
  const now = deps.now ?? Date.now
  const { budgets } = deps
  const budgetOf = (profile: { id: string; name: string }): ProfileBudget => ({
    profileId: profile.id,
    name: profile.name,
    limited: budgets.limited(profile.id),
    budget: budgets.budgetOf(profile.id),
    spentToday: formatAmount(deps.history.spend.spentSince(profile.id, periodStart('day', now()))),
    spentThisMonth: formatAmount(deps.history.spend.spentSince(profile.id, periodStart('month', now()))),
    use: budgets.use(profile.id),
  })
  const scopeOf = (range: Range, { profileId }: ProfileScope) => (range.scope === 'all' ? null : profileId)
  return {
    summary(range: Range, scope: ProfileScope) {
      const profileId = scopeOf(range, scope)
      const pending = deps.history.spend.holdsBetween(range.from, range.to, profileId)
      return {
        ...summarize(
          deps.history.spend.between(range.from, range.to, profileId),
          range.from,
          range.to,
          profileId,
        ),
        pending: { cost: formatAmount(pending.held), count: pending.count },
      }
    },
    today({ profileId }: Pick<ProfileScope, 'profileId'>) {
      const { count, spent } = deps.history.spend.entriesBetween(
        profileId,
        periodStart('day', now()),
        now() + 1,
      )
      const furthest = budgets.use(profileId).sort((a, b) => b.share - a.share)[0]
      return {
        cost: formatAmount(spent),
        count,
        nearBudget: furthest && furthest.share >= nearShare ? furthest : null,
      }
    },
    budgets: () => deps.profiles().map(budgetOf),
    async setBudget({ profileId, ...budget }: RouteInput<typeof spendRoutes, 'spend.setBudget'>) {
      const profile = deps.profiles().find((p) => p.id === profileId)
      if (!profile)
        throw new AppError({ code: 'not_found', message: 'That profile is not in the app any more.' })
      await budgets.set(profileId, budget)
      return budgetOf(profile)
    },
    async export(range: Range, scope: ProfileScope) {
      const target = await deps.platform.saveDialog({
        title: 'Export spending',
        defaultPath: `gateway-desk-spend-${dayOf(range.from)}-to-${dayOf(range.to - 1)}.csv`,
        filters: [{ name: 'CSV', extensions: ['csv'] }],
      })
      if (!target) return { savedTo: null }
      const rows = deps.history.spend.between(range.from, range.to, scopeOf(range, scope))
      await writeFileAtomic(target, spendCsv(rows, deps.profiles()))
      return { savedTo: target }
    },
  }
}

export type SpendService = ReturnType<typeof createSpendService>
