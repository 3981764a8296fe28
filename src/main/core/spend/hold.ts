// A hold: the right to send one costly request. Only the budget check makes one (`budgets.ts`), after it has
// written the hold's row in the ledger (`spend_holds`); the gateway's billed methods take one, so a costly call
// that skips the check does not compile, and a hold the check did not make is refused before anything is sent.
import type { Amount } from '#shared/domain/money'
import { AppError } from '#shared/ipc/app-error'
import type { SpendFeature } from '../history/spend.ts'

declare const holdBrand: unique symbol

export interface Hold {
  readonly [holdBrand]: true
  readonly profileId: string
  readonly feature: SpendFeature
  readonly model: string
  readonly estimate: Amount
  /**
   * Ends the hold inside the transaction that writes the request's outcome. `priced`: the outcome's own ledger
   * entry was written with it (by the history's triggers). Otherwise the outcome had no price, and it enters the
   * ledger at the estimate, marked estimated, as `itemId`.
   */
  settle(priced: boolean, itemId: string): void
  /** Whether the service answered the request (and so billed it): set by the gateway. */
  readonly billed: boolean
  /** Whether the hold is still open. */
  readonly open: boolean
}

/** What the budget check gives a hold it makes: how it writes and ends its ledger row. */
export interface HoldLedger {
  /** Ends the hold with nothing spent. */
  release(): void
  /** Ends the hold; the outcome's entry was written beside it. */
  settled(): void
  /** Ends the hold, entering its estimate in the ledger, marked estimated, as `itemId`. */
  enterEstimate(itemId: string): void
}

const issued = new WeakMap<object, { billed: boolean; open: boolean; ledger: HoldLedger }>()

/** Makes a hold over a ledger row already written: for the budget check alone. */
export function issueHold(
  fields: { profileId: string; feature: SpendFeature; model: string; estimate: Amount },
  ledger: HoldLedger,
): Hold {
  const state = { billed: false, open: true, ledger }
  const hold = {
    ...fields,
    get billed() {
      return state.billed
    },
    get open() {
      return state.open
    },
    settle(priced: boolean, itemId: string) {
      if (!state.open) return
      state.open = false
      if (priced) ledger.settled()
      else ledger.enterEstimate(itemId)
    },
  } as Hold
  issued.set(hold, state)
  return hold
}

function stateOf(hold: Hold | undefined) {
  const state = hold ? issued.get(hold) : undefined
  if (!state?.open)
    throw new AppError({
      code: 'internal_error',
      message: 'A costly request was about to be sent without a budget check.',
    })
  return state
}

/** The gateway's check before a billed request: a hold the budget check made, and still open. */
export function requireHold(hold: Hold | undefined): void {
  stateOf(hold)
}

/** The gateway's word after a billed request was answered (a stream, once it began). */
export function markBilled(hold: Hold): void {
  const state = issued.get(hold)
  if (state) state.billed = true
}

/**
 * Ends a hold whose request is over without its outcome settling it: billed, it enters at its estimate (the
 * service took the money, whatever became of the answer here); not billed, nothing was spent.
 */
export function closeHold(hold: Hold): void {
  const state = issued.get(hold)
  if (!state?.open) return
  state.open = false
  try {
    if (state.billed) state.ledger.enterEstimate(`hold:${randomItem()}`)
    else state.ledger.release()
  } catch {
    // The history closed under the request (the app quitting): its row stays, read as pending, not as nothing.
  }
}

const randomItem = () => crypto.randomUUID()
