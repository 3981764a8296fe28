// "Send anyway" goes again with `overBudget`: the routes the window offers it for are exactly the routes whose
// input takes it, so a refusal is never answered with a flag the route would drop.
import { expect, it } from 'vitest'
import { z } from 'zod'
import { overridableRoutes } from '../over-budget.ts'
import { routes } from './index.ts'

it('offers "Send anyway" on exactly the routes that take overBudget', () => {
  const taking = Object.entries(routes)
    .filter(([, route]) => route.input instanceof z.ZodObject && 'overBudget' in route.input.shape)
    .map(([name]) => name)
    .sort()
  expect(taking).toEqual([...overridableRoutes].sort())
})
