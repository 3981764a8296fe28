// A hold for a test that calls the gateway's billed methods itself (the conformance clients, the gateway's own
// tests): the app makes one only through the budget check; here its ledger row is left out.
import type { History } from '../core/history/history.ts'
import type { SpendFeature } from '../core/history/spend.ts'
import { createBudgets } from '../core/spend/budgets.ts'
import { type Hold, issueHold } from '../core/spend/hold.ts'

export const testHold = (feature: SpendFeature = 'decision'): Hold =>
  issueHold(
    { profileId: 'test', feature, model: 'test', estimate: 0n },
    { release() {}, settled() {}, enterEstimate() {} },
  )

/** The budget check over a history of a test's own, with no budget set: every request is held, none refused. */
export const unlimitedBudgets = (history: History) =>
  createBudgets({
    history,
    preferences: { get: () => ({ budgets: {} }) as never, update: async () => ({}) as never },
    profileName: () => 'Test',
    near: () => {},
    changed: () => {},
    log: { info: () => {} },
  })
