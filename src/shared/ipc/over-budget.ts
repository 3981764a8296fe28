// A request a budget refused, and "Send anyway": plain TypeScript (no zod), since the window's `invoke` reads it
// at start.

/** The error of a request refused by a budget. */
export const overBudgetCode = 'over_budget'

/** The routes whose refusal by a budget the person can answer with "Send anyway" (they take `overBudget`). */
export const overridableRoutes = [
  'decisions.run',
  'images.generate',
  'images.edit',
  'videos.create',
  'playground.messages',
  'playground.generate',
  'streams.messages',
  'streams.generateContent',
  'caches.create',
] as const
