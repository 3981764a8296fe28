// Budgets per profile, a day's and a month's. Before any request that costs money, what the profile spent in
// the period, plus what its requests in flight hold, plus this request's estimate, is checked against each
// budget: the rule a batch's spend cap uses, for every feature. A request that would pass a budget is refused
// with what it would cost and what is left, unless the person sends it anyway (an override, logged). The
// built-in sandbox costs nothing real: its spend is shown, never limited.
import { type Amount, formatAmount, parseAmount, usd } from '#shared/domain/money'
import { AppError } from '#shared/ipc/app-error'
import { overBudgetCode } from '#shared/ipc/over-budget'
import type { Budget } from '#shared/ipc/routes/app'
import type { BudgetUse } from '#shared/ipc/routes/spend'
import type { PreferencesStore } from '../app/preferences.ts'
import type { History } from '../history/history.ts'
import type { Log } from '../log.ts'
import { sandboxProfileId } from '../profiles/profiles.ts'

/** The share of a budget at which the person is told, once a period. */
export const nearShare = 0.8

export interface Hold {
  /** The request settled (its cost, if any, is in the ledger now): its estimate is held no more. */
  release(): void
}

/** What is about to be sent, for the check and for the refusal's words. */
export interface CostlyRequest {
  /** "This image", "This video job": how the refusal names it. */
  what: string
  feature: string
  model: string
  estimate: Amount
  /** The person chose to send it past the budget. */
  override?: boolean
}

type Period = BudgetUse['period']

/** Local midnight of `at`'s day, or of the first of its month. */
export function periodStart(period: Period, at: number): number {
  const start = new Date(at)
  start.setHours(0, 0, 0, 0)
  if (period === 'month') start.setDate(1)
  return start.getTime()
}

const periodWords: Record<Period, string> = { day: 'today’s', month: 'this month’s' }

export function createBudgets(deps: {
  history: Pick<History, 'spend'>
  preferences: Pick<PreferencesStore, 'get' | 'update'>
  profileName: (profileId: string) => string
  /** Says once a period that a profile is past `nearShare` of a budget. */
  near: (notice: { profileId: string; title: string; body: string }) => void
  /** The figures changed (a budget set, a request held or settled). */
  changed: () => void
  log: Pick<Log, 'info'>
  now?: () => number
}) {
  const now = deps.now ?? Date.now
  const holds = new Map<string, Set<{ units: Amount }>>()
  const told = new Set<string>()
  const changeListeners = new Set<(profileId: string) => void>()

  const limited = (profileId: string) => profileId !== sandboxProfileId
  const budgetOf = (profileId: string): Budget =>
    deps.preferences.get().budgets[profileId] ?? { daily: null, monthly: null }
  // Requests in flight, and video jobs sent but not ended (their cost is known when they complete).
  const heldBy = (profileId: string) =>
    [...(holds.get(profileId) ?? [])].reduce((sum, hold) => sum + hold.units, 0n) +
    deps.history.spend.pendingVideoEstimates(profileId)

  /** Each budget the profile has, with what was spent in its period and what is held now. */
  function standing(profileId: string) {
    const budget = budgetOf(profileId)
    const at = now()
    const held = heldBy(profileId)
    return (
      [
        ['day', budget.daily],
        ['month', budget.monthly],
      ] as const
    ).flatMap(([period, limit]) => {
      if (limit === null) return []
      const from = periodStart(period, at)
      return [
        {
          period,
          from,
          limit: parseAmount(limit),
          spent: deps.history.spend.spentSince(profileId, from),
          held,
        },
      ]
    })
  }

  function holdUnits(profileId: string, units: Amount): Hold {
    const entry = { units }
    const set = holds.get(profileId) ?? new Set()
    set.add(entry)
    holds.set(profileId, set)
    let released = false
    return {
      release() {
        if (released) return
        released = true
        set.delete(entry)
        tellIfNear(profileId)
        deps.changed()
      },
    }
  }

  /** The first budget `estimate` would pass, or none. */
  function passed(profileId: string, estimate: Amount) {
    if (!limited(profileId)) return undefined
    return standing(profileId).find(({ limit, spent, held }) => spent + held + estimate > limit)
  }

  function tellIfNear(profileId: string) {
    if (!limited(profileId)) return
    for (const { period, from, limit, spent } of standing(profileId)) {
      // Once a period and budget: a budget set anew is told about anew.
      const key = `${profileId}:${period}:${from}:${limit}`
      if (limit === 0n || spent * 100n < limit * BigInt(nearShare * 100) || told.has(key)) continue
      told.add(key)
      const name = deps.profileName(profileId)
      deps.near({
        profileId,
        title: `${name} has used ${share(spent, limit)}% of ${periodWords[period]} budget`,
        body: `${usd(spent)} of ${usd(limit)} spent. Requests that would pass it are not sent without asking.`,
      })
    }
  }

  /**
   * Holds `request.estimate` while it is in flight, or refuses it when it would pass a budget: an
   * `over_budget` error saying what it would cost and what is left. An override is sent, and logged.
   */
  function holdRequest(profileId: string, request: CostlyRequest): Hold {
    const over = passed(profileId, request.estimate)
    if (over && !request.override) {
      const left = over.limit - over.spent - over.held
      throw new AppError({
        code: overBudgetCode,
        message: `${request.what} would cost about ${usd(request.estimate)}, and ${left > 0n ? usd(left) : 'nothing'} is left of ${periodWords[over.period]} budget of ${usd(over.limit)} for ${deps.profileName(profileId)}.`,
        hint: 'Raise the budget in Settings › Budgets, or send this one anyway.',
      })
    }
    if (over)
      deps.log.info(
        `budget override: ${request.feature} on ${request.model} for profile ${profileId}, estimated ${formatAmount(request.estimate)} USD past ${over.period} budget ${formatAmount(over.limit)} (spent ${formatAmount(over.spent)}, held ${formatAmount(over.held)})`,
      )
    const held = holdUnits(profileId, request.estimate)
    deps.changed()
    return held
  }

  return {
    limited,
    budgetOf,
    hold: holdRequest,
    /** Runs `send` under a hold of `request` (or refuses it), released once it settles. */
    async spending<T>(profileId: string, request: CostlyRequest, send: () => Promise<T>): Promise<T> {
      const held = holdRequest(profileId, request)
      try {
        return await send()
      } finally {
        held.release()
      }
    },
    /** Whether a request estimated at `estimate` fits every budget of the profile now. */
    allows: (profileId: string, estimate: Amount) => passed(profileId, estimate) === undefined,
    /** For a batch row: holds the estimate if every budget allows it, else null (the batch stops there). */
    tryHold(profileId: string, estimate: Amount): Hold | null {
      return passed(profileId, estimate) ? null : holdUnits(profileId, estimate)
    },
    /** How far the profile is into each of its budgets (spent and held over the limit). */
    use(profileId: string): BudgetUse[] {
      if (!limited(profileId)) return []
      return standing(profileId).map(({ period, limit, spent, held }) => ({
        period,
        limit: formatAmount(limit),
        spent: formatAmount(spent),
        share: limit === 0n ? 1 : Number(((spent + held) * 10_000n) / limit) / 10_000,
      }))
    },
    async set(profileId: string, budget: Budget): Promise<void> {
      if (!limited(profileId))
        throw new AppError({
          code: 'validation_failed',
          message: 'The built-in Sandbox costs nothing real; its spend is shown but never limited.',
          path: ['profileId'],
        })
      const budgets = { ...deps.preferences.get().budgets }
      if (budget.daily === null && budget.monthly === null) delete budgets[profileId]
      else budgets[profileId] = budget
      await deps.preferences.update({ budgets })
      deps.changed()
      for (const listener of changeListeners) listener(profileId)
    },
    /** Calls `listener` with a profile whose budgets the person changed. */
    onSet(listener: (profileId: string) => void): void {
      changeListeners.add(listener)
    },
  }
}

const share = (spent: Amount, limit: Amount) => Number((spent * 100n) / limit)

export type Budgets = ReturnType<typeof createBudgets>
