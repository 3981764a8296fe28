// Main's read ahead waits for the shown screen's data: it runs once no query is fetching, in an idle period,
// and not at all once cancelled.
import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { whenQueriesSettle } from './when-settled.ts'

/** A query whose answer the test gives; the idle periods are the test's too. */
function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const idle: (() => void)[] = []
  const answers: (() => void)[] = []
  const fetchOne = (key: string) =>
    client.fetchQuery({
      queryKey: [key],
      queryFn: () => new Promise<string>((resolve) => answers.push(() => resolve(key))),
    })
  const nextIdle = () => idle.shift()?.()
  return { client, idle, answers, fetchOne, nextIdle }
}

describe('whenQueriesSettle', () => {
  it('runs in the idle period after the last answer, once', async () => {
    const { client, idle, answers, fetchOne, nextIdle } = setup()
    const first = fetchOne('jobs')
    const second = fetchOne('receiver')
    let runs = 0
    whenQueriesSettle(
      client,
      () => runs++,
      (run) => idle.push(run),
    )
    expect(idle).toHaveLength(0)
    answers[0]?.()
    await first
    expect(idle).toHaveLength(0)
    answers[1]?.()
    await second
    expect(idle).toHaveLength(1)
    nextIdle()
    expect(runs).toBe(1)
    await client.fetchQuery({ queryKey: ['later'], queryFn: async () => 'later' })
    expect(idle).toHaveLength(0)
    expect(runs).toBe(1)
  })

  it('waits again for a query that started before its idle period came', async () => {
    const { client, idle, answers, fetchOne, nextIdle } = setup()
    let runs = 0
    whenQueriesSettle(
      client,
      () => runs++,
      (run) => idle.push(run),
    )
    expect(idle).toHaveLength(1)
    const late = fetchOne('models')
    nextIdle()
    expect(runs).toBe(0)
    answers[0]?.()
    await late
    nextIdle()
    expect(runs).toBe(1)
  })

  it('never runs once cancelled', async () => {
    const { client, idle, answers, fetchOne, nextIdle } = setup()
    const pending = fetchOne('jobs')
    let runs = 0
    const cancel = whenQueriesSettle(
      client,
      () => runs++,
      (run) => idle.push(run),
    )
    cancel()
    answers[0]?.()
    await pending
    nextIdle()
    expect(runs).toBe(0)
  })
})
