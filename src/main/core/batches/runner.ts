// Runs a questionnaire over many inputs: at most `concurrency` requests in flight, a spend cap checked before
// each request (spent + in flight + the next one's estimate), 429s waited out and retried, cancel and resume.
// Each row's outcome is written when it settles, so after a crash or a restart the rows not written are still
// pending and "resume" picks them up.
import type { DecisionInput } from '#shared/api/decisions'
import { answerFigures } from '#shared/domain/answer-figures'
import { type DecisionPrices, estimateDecisionUnits } from '#shared/domain/decision-cost'
import { formatAmount, parseAmount } from '#shared/domain/money'
import type { Questionnaire } from '#shared/domain/questionnaire'
import { meanRowCost } from '#shared/domain/spend-cap'
import { AppError } from '#shared/ipc/app-error'
import { BatchStatus as BatchStatusSchema } from '#shared/ipc/routes/batches'
import { DecisionCall } from '#shared/ipc/routes/decisions'
import type { DecisionCaller } from '../decisions/decision-caller.ts'
import type { EventSink } from '../events.ts'
import type { BatchStatus } from '../history/decision-batches.ts'
import type { History } from '../history/history.ts'
import { storedJson } from '../history/rows.ts'
import type { Budgets } from '../spend/budgets.ts'
import { closeHold, type Hold } from '../spend/hold.ts'

interface Running {
  controller: AbortController
  queue: { index: number; input: unknown }[]
  inFlight: number
  /** Cost units reserved by the requests in flight. */
  reserved: bigint
  spent: bigint
  done: number
  capped: boolean
  /** The next row would pass the profile's budget. */
  overBudget: boolean
  waitUntil: number
  timer: ReturnType<typeof setTimeout> | undefined
  /** Cancelled: no more rows are sent; those in flight come back and are written, billed as they were. */
  stopping: boolean
  /** The service could not be reached (or kept refusing) past the retries: the rows left stay pending. */
  unreachable: boolean
  /** How often each row was sent again after an error worth another try. */
  attempts: Map<number, number>
  /** Settles when the run has ended and none of its requests is in flight. */
  ended: Promise<void>
  end: () => void
}

interface Plan {
  id: string
  profileId: string
  /** The caller of the profile the batch started with: every row is sent with that profile's key. */
  caller: DecisionCaller
  template: DecisionCall
  questionnaire: Questionnaire
  concurrency: number
  /** How often a row is sent again after a 429, a 5xx or a network failure, before it counts as failed. */
  retries: number
  /** The spend cap in cost units, or none. */
  cap: bigint | null
  prices: DecisionPrices | null
}

export interface BatchRunnerDeps {
  history: History
  /** The decision caller of a profile (its gateway and catalog). */
  callerFor: (profileId: string) => DecisionCaller
  emit: EventSink
  now?: () => number
  /** Told when a batch ended by itself: done, or stopped at its cap or budget (not when cancelled or closed). */
  settled?: (batch: {
    id: string
    name: string
    status: 'done' | 'capped' | 'over_budget' | 'unreachable'
    failed: number
  }) => void
  /** The profiles' budgets: a row is sent only under a hold of its estimate, made if the budgets allow it. */
  budgets: Pick<Budgets, 'tryHold' | 'allows'>
  /** Observes requests in flight (benchmarks and tests check the limit). */
  onInFlight?: (batchId: string, inFlight: number) => void
}

/** The request for one row: the template with this input in place. */
export function callFor(template: DecisionCall, input: unknown): DecisionCall {
  return template.endpoint === 'native'
    ? { ...template, body: { ...template.body, state: input as Record<string, unknown> } }
    : { ...template, body: { ...template.body, input: input as DecisionInput } }
}

/** What a batch started again may be: anything but running. */
const stopped: readonly BatchStatus[] = BatchStatusSchema.options.filter((status) => status !== 'running')
/** Errors that say the service was not reached at all (no answer, or none in time). */
const unreachableCodes = new Set(['service_unreachable', 'timeout'])

/**
 * The folder's one batch runner: only the process that owns the data folder has a core, so a batch marked
 * running in the history is running here, or was left so by an owner that stopped (`interruptLeftRunning`).
 */
export function createBatchRunner(deps: BatchRunnerDeps) {
  const now = deps.now ?? Date.now
  const batches = deps.history.decisionBatches
  const running = new Map<string, Running>()
  let closed = false
  // Told as often as a row changes: the bus paces the topic (`createEventBus` in compose.ts).
  const changed = () => deps.emit('data.changed', { topics: ['batches'] })
  function estimateUnits(plan: Plan, state: Running, input: unknown): bigint {
    // Once rows are priced, their mean is the best estimate; before that, the catalog prices and the size.
    if (state.done > 0) return meanRowCost(state.spent, state.done)
    // A model the catalog does not price: what the profile's rows on it cost lately, if it has any.
    if (!plan.prices)
      return deps.history.spend.recentMean(plan.profileId, 'batch', plan.template.body.model) ?? 0n
    return estimateDecisionUnits(plan.prices, input, plan.template.body.questions)
  }

  async function runRow(plan: Plan, state: Running, row: Running['queue'][number], hold: Hold) {
    const { id, template } = plan
    const started = now()
    try {
      const result = await plan.caller.call(callFor(template, row.input), state.controller.signal, hold)
      // A row the catalog cannot price counts at its estimate, marked so: never as nothing spent.
      const cost = result.cost ?? formatAmount(hold.estimate)
      state.spent += parseAmount(cost)
      state.done++
      deps.history.transaction(() => {
        batches.finish(id, row.index, {
          status: 'done',
          responseJson: JSON.stringify(result.response),
          answerFigures: answerFigures(plan.questionnaire, result.response),
          errorJson: null,
          cost,
          costEstimated: result.cost === null ? 1 : 0,
          durationMs: now() - started,
          finishedAt: now(),
        })
        hold.settle(true, `${id}:${row.index}`)
      })
    } catch (error) {
      if (state.controller.signal.aborted) return // stays pending, for resume
      const appError =
        error instanceof AppError ? error : new AppError({ code: 'internal_error', message: String(error) })
      const unreachable = unreachableCodes.has(appError.code)
      if (unreachable || appError.status === 429 || (appError.status ?? 0) >= 500) {
        const attempt = (state.attempts.get(row.index) ?? 0) + 1
        if (attempt <= plan.retries) {
          // Sent again once the service's Retry-After (or a doubling wait) has passed, before any other row.
          state.attempts.set(row.index, attempt)
          state.queue.unshift(row)
          const wait = appError.retryAfter ? appError.retryAfter * 1000 : Math.min(30_000, 500 * 2 ** attempt)
          state.waitUntil = Math.max(state.waitUntil, now() + wait)
          return
        }
        // Past the retries, a service that cannot be reached or keeps refusing stops the batch with this row
        // and the rest pending, to be resumed once it is back; a service error is the row's own failure.
        if (unreachable || appError.status === 429) {
          state.unreachable = true
          state.queue.unshift(row)
          return
        }
      }
      deps.history.transaction(() =>
        batches.finish(id, row.index, {
          status: 'failed',
          responseJson: null,
          answerFigures: null,
          errorJson: JSON.stringify(appError.toShape()),
          cost: null,
          costEstimated: 0,
          durationMs: now() - started,
          finishedAt: now(),
        }),
      )
    } finally {
      closeHold(hold)
      changed()
    }
  }

  function pump(plan: Plan, state: Running): void {
    const { id, cap } = plan
    if (state.controller.signal.aborted) {
      settle(id, state)
      return
    }
    const wait = state.waitUntil - now()
    if (wait > 0) {
      state.timer ??= setTimeout(() => {
        state.timer = undefined
        pump(plan, state)
      }, wait)
      return
    }
    while (
      state.inFlight < plan.concurrency &&
      state.queue.length > 0 &&
      !state.capped &&
      !state.overBudget &&
      !state.stopping &&
      !state.unreachable
    ) {
      const row = state.queue[0]
      if (!row) break
      const units = estimateUnits(plan, state, row.input)
      if (cap !== null && state.spent + state.reserved + units > cap) {
        state.capped = true
        break
      }
      const hold = deps.budgets.tryHold(plan.profileId, {
        feature: 'batch',
        model: plan.template.body.model,
        estimate: units,
      })
      if (!hold) {
        state.overBudget = true
        break
      }
      state.queue.shift()
      state.inFlight++
      state.reserved += units
      deps.onInFlight?.(id, state.inFlight)
      void runRow(plan, state, row, hold).finally(() => {
        state.inFlight--
        state.reserved -= units
        pump(plan, state)
      })
    }
    if (
      state.inFlight === 0 &&
      (state.queue.length === 0 || state.capped || state.overBudget || state.stopping || state.unreachable)
    )
      settle(id, state)
  }

  function settle(id: string, state: Running): void {
    if (state.inFlight > 0 || running.get(id) !== state) return
    clearTimeout(state.timer)
    running.delete(id)
    state.end()
    if (state.controller.signal.aborted) return
    if (state.stopping) {
      // Cancelled: it reads so once the rows it had in flight are written.
      deps.history.transaction(() => batches.cancel(id, now()))
      changed()
      return
    }
    const status = state.unreachable
      ? 'unreachable'
      : state.capped
        ? 'capped'
        : state.overBudget
          ? 'over_budget'
          : 'done'
    try {
      deps.history.transaction(() => batches.setStatus(id, status, now()))
    } catch {
      // The history was busy: the batch reads as running until the next start, then as interrupted.
      return
    }
    changed()
    const batch = batches.get(id)
    if (batch) deps.settled?.({ id, name: batch.name, status, failed: batches.counts(id).failed })
  }

  /**
   * Whether the profile's budgets allow a batch's next row, estimated as the runner estimates it: the mean of
   * its priced rows, or before any, the next input's size at the catalog's prices.
   */
  async function nextRowFits(batch: {
    id: string
    profileId: string
    templateJson: string
  }): Promise<boolean> {
    const { done } = batches.counts(batch.id)
    if (done > 0) return deps.budgets.allows(batch.profileId, meanRowCost(batches.spent(batch.id), done))
    const template = storedJson('batch request', DecisionCall, batch.templateJson)
    const prices = await deps.callerFor(batch.profileId).modelOf(template.body.model)
    const next = batches.pending(batch.id)[0]
    const units =
      prices && next ? estimateDecisionUnits(prices, JSON.parse(next.inputJson), template.body.questions) : 0n
    return deps.budgets.allows(batch.profileId, units)
  }

  /** The run of a batch just started: its pending rows queued, what it spent so far counted. */
  function prepared(id: string): Running {
    const state: Running = {
      controller: new AbortController(),
      queue: batches.pending(id).map((row) => ({ index: row.index, input: JSON.parse(row.inputJson) })),
      inFlight: 0,
      reserved: 0n,
      spent: batches.spent(id),
      done: batches.counts(id).done,
      capped: false,
      overBudget: false,
      waitUntil: 0,
      timer: undefined,
      stopping: false,
      unreachable: false,
      attempts: new Map(),
      ended: Promise.resolve(),
      end: () => {},
    }
    state.ended = new Promise<void>((resolve) => {
      state.end = resolve
    })
    running.set(id, state)
    return state
  }

  const runner = {
    isRunning: (id: string) => running.has(id),
    nextRowFits: async (id: string) => {
      const batch = batches.get(id)
      return batch ? nextRowFits(batch) : false
    },
    /** Goes on with the batches stopped at a budget that now allows their next row (raised, or a new period). */
    async resumeWhereBudgetAllows(): Promise<void> {
      for (const batch of batches.overBudget())
        if (!running.has(batch.id) && (await nextRowFits(batch)))
          await runner.start(batch.id, ['over_budget'])
    },
    /** Starts (or resumes) a batch that is in one of the statuses `from`: its pending rows, in order. */
    async start(id: string, from: readonly BatchStatus[] = stopped): Promise<void> {
      // One cancelled a moment ago goes on once the rows it had in flight are written.
      const stopping = running.get(id)
      if (stopping?.stopping) await stopping.ended
      if (running.has(id)) return
      const batch = batches.get(id)
      if (!batch) throw new AppError({ code: 'not_found', message: 'That batch is not in the history.' })
      const template = storedJson('batch request', DecisionCall, batch.templateJson)
      const caller = deps.callerFor(batch.profileId)
      const plan: Plan = {
        id,
        profileId: batch.profileId,
        caller,
        template,
        // Read as the scores read it: a batch kept under older rules still resumes.
        questionnaire: JSON.parse(batch.questionnaireJson) as Questionnaire,
        concurrency: batch.concurrency,
        retries: batch.retries,
        cap: batch.spendCap === null ? null : parseAmount(batch.spendCap),
        prices: (await caller.modelOf(template.body.model)) ?? null,
      }
      // Read again after the wait for its prices: a start made meanwhile runs it already, and a core that
      // closed meanwhile starts nothing.
      if (closed) return
      const status = batches.get(id)?.status
      if (running.has(id) || !status || !from.includes(status)) return
      deps.history.transaction(() => batches.setStatus(id, 'running', now()))
      try {
        pump(plan, prepared(id))
      } catch (error) {
        // Not started: it reads as stopped, to be resumed, rather than running with nothing sending.
        running.delete(id)
        deps.history.transaction(() => batches.setStatus(id, 'interrupted', now()))
        throw error
      }
    },
    /**
     * Stops sending. The rows in flight are not abandoned: the service bills them, so their answers are written
     * when they come, and a resume does not send them again. The batch reads as cancelled once they are in.
     */
    cancel(id: string): void {
      const state = running.get(id)
      if (!batches.get(id))
        throw new AppError({ code: 'not_found', message: 'That batch is not in the history.' })
      if (!state) {
        deps.history.transaction(() => batches.cancel(id, now()))
        changed()
        return
      }
      state.stopping = true
      clearTimeout(state.timer)
      state.timer = undefined
      if (state.inFlight === 0) settle(id, state)
    },
    /** Settles when the batch's run has ended and its requests in flight are written. */
    ended: (id: string) => running.get(id)?.ended ?? Promise.resolve(),
    /** Batches the last owner left running (it quit, crashed or the machine went down) read as interrupted. */
    interruptLeftRunning(): number {
      return deps.history.transaction(() => batches.interruptRunning(now()))
    },
    /** Stops everything (the process is quitting): its batches read as interrupted, to be resumed. */
    close(): void {
      closed = true
      for (const [id, state] of running) {
        state.controller.abort()
        clearTimeout(state.timer)
        deps.history.transaction(() => batches.setStatus(id, 'interrupted', now()))
      }
      running.clear()
    },
  }
  return runner
}

export type BatchRunner = ReturnType<typeof createBatchRunner>
