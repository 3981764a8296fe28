// Budgets per profile, a day's and a month's. Before any request that costs money, what the profile spent in
// the period, plus what its requests in flight hold, plus this request's estimate, is checked against each
// budget: the rule a batch's spend cap uses, for every feature. A request that would pass a budget is refused
// with what it would cost and what is left, unless the person sends it anyway (an override, logged). Every
// request that passes gets a `Hold`, a row of the ledger until its outcome settles it; the gateway sends no
// costly request without one. The built-in sandbox costs nothing real: its spend is held and shown, never
// limited.
import { type Amount, formatAmount, parseAmount, usd } from '#shared/domain/money'
import { AppError } from '#shared/ipc/app-error'
import { overBudgetCode } from '#shared/ipc/over-budget'
import type { Budget } from '#shared/ipc/routes/app'
import type { BudgetUse } from '#shared/ipc/routes/spend'
import type { PreferencesStore } from '../app/preferences.ts'
import type { History } from '../history/history.ts'
import type { SpendFeature } from '../history/spend.ts'
import type { Log } from '../log.ts'
import { sandboxProfileId } from '../profiles/profiles.ts'
import { closeHold, type Hold, issueHold } from './hold.ts'

/** The share of a budget at which the person is told, once a period. */
export const nearShare = 0.8

/** What is about to be sent, for the check and for the refusal's words. */
export interface CostlyRequest {
  /** "This image", "This video job": how the refusal names it. */
  what: string
  feature: SpendFeature
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
  const told = new Set<string>()
  const changeListeners = new Set<(profileId: string) => void>()

  const limited = (profileId: string) => profileId !== sandboxProfileId
  const budgetOf = (profileId: string): Budget =>
    deps.preferences.get().budgets[profileId] ?? { daily: null, monthly: null }
  // Requests in flight (holds made in the period: one whose outcome never came stays in its own), and video
  // jobs sent but not ended (their cost is known when they complete).
  const heldBy = (profileId: string, from: number) =>
    deps.history.spend.heldSince(profileId, from) + deps.history.spend.pendingVideoEstimates(profileId)

  /** Each budget the profile has, with what was spent in its period and what is held now. */
  function standing(profileId: string) {
    const budget = budgetOf(profileId)
    const at = now()
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
          held: heldBy(profileId, from),
        },
      ]
    })
  }

  /** Writes the hold's row, and gives the hold that ends it. */
  function holdOf(profileId: string, request: Pick<CostlyRequest, 'feature' | 'model' | 'estimate'>): Hold {
    const fields = { profileId, feature: request.feature, model: request.model, estimate: request.estimate }
    const id = deps.history.spend.openHold({ ...fields, at: now() })
    deps.changed()
    const ended = () => {
      tellIfNear(profileId)
      deps.changed()
    }
    return issueHold(fields, {
      release: () => {
        deps.history.spend.endHold(id)
        ended()
      },
      settled: () => {
        deps.history.spend.endHold(id)
        ended()
      },
      enterEstimate: (itemId) => {
        deps.history.spend.enterHold(id, itemId, now())
        ended()
      },
    })
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
    return holdOf(profileId, request)
  }

  return {
    limited,
    budgetOf,
    hold: holdRequest,
    /**
     * Runs `send` under a hold of `request` (or refuses it). `send` settles the hold in the transaction that
     * writes the outcome; a hold it leaves open is closed here: entered at its estimate if the service billed
     * the request, else released.
     */
    async spending<T>(
      profileId: string,
      request: CostlyRequest,
      send: (hold: Hold) => Promise<T>,
    ): Promise<T> {
      const hold = holdRequest(profileId, request)
      try {
        return await send(hold)
      } finally {
        closeHold(hold)
      }
    },
    /** Whether the profile's requests are checked against a budget (one is set, and it is not the Sandbox). */
    checks: (profileId: string) => {
      const budget = budgetOf(profileId)
      return limited(profileId) && (budget.daily !== null || budget.monthly !== null)
    },
    /** Whether a request estimated at `estimate` fits every budget of the profile now. */
    allows: (profileId: string, estimate: Amount) => passed(profileId, estimate) === undefined,
    /** For a batch row: holds the estimate if every budget allows it, else null (the batch stops there). */
    tryHold(profileId: string, request: Pick<CostlyRequest, 'feature' | 'model' | 'estimate'>): Hold | null {
      return passed(profileId, request.estimate) ? null : holdOf(profileId, request)
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
