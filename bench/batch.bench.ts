// Decision batch figures: 1,000 inputs against the sandbox (its own process) through the app's batch runner,
// gateway and history store — wall time, and the most requests in flight, counted at the HTTP client
// independently of the runner, against the limit.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createBatchRunner } from '#core/batches/runner'
import { createCatalogService } from '#core/catalog/service'
import { createDecisionCaller } from '#core/decisions/decision-caller'
import { createGateway } from '#core/gateway/gateway'
import { createTransport } from '#core/gateway/transport'
import { openHistory } from '#core/history/history'
import type { DecisionCall } from '#shared/ipc/routes/decisions'
import { ms, startSandboxProcess } from './measure.ts'

const total = 1000
const key = 'sk-bench-batch'
const sandbox = await startSandboxProcess(['--keys', key])

// Requests in flight, as the network sees them: every POST to the decisions endpoint between send and answer.
let inFlight = 0
let most = 0
const realFetch = globalThis.fetch
globalThis.fetch = async (input, init) => {
  const decision =
    init?.method === 'POST' && String(input instanceof Request ? input.url : input).endsWith('/v1/decisions')
  if (!decision) return realFetch(input, init)
  inFlight++
  most = Math.max(most, inFlight)
  try {
    const response = await realFetch(input, init)
    await response.clone().arrayBuffer()
    return response
  } finally {
    inFlight--
  }
}

const gateway = createGateway(
  createTransport({ connection: async () => ({ baseUrl: sandbox.url, apiKey: key }) }),
)
const questions = [
  { type: 'predicate' as const, name: 'refund', instructions: 'Asks for a refund?' },
  {
    type: 'choice' as const,
    name: 'team',
    instructions: 'Which team?',
    choices: [{ value: 'billing' }, { value: 'shipping' }, { value: 'account' }],
  },
  {
    type: 'score' as const,
    name: 'urgency',
    instructions: 'How urgent?',
    levels: [{ label: 'low' }, { label: 'medium' }, { label: 'high' }],
  },
]
const template: DecisionCall = {
  endpoint: 'unified',
  body: { model: 'sysone/judge-1', input: '', questions },
}

for (const concurrency of [4, 8, 16]) {
  const folder = await mkdtemp(join(tmpdir(), 'gd-bench-batch-'))
  const history = openHistory(folder)
  const caller = createDecisionCaller({
    gateway,
    catalog: createCatalogService({ history, gateway, profileId: 'bench' }),
  })
  const runner = createBatchRunner({ history, callerFor: () => caller, emit: () => {} })
  const id = `batch-${concurrency}`
  history.transaction(() =>
    history.decisionBatches.create(
      {
        id,
        name: 'bench',
        questionnaireJson: '{}',
        model: template.body.model,
        endpoint: 'unified',
        templateJson: JSON.stringify(template),
        profileId: 'bench',
        concurrency,
        spendCap: null,
        status: 'running',
        createdAt: Date.now(),
        updatedAt: Date.now(),
        sourceColumnsJson: null,
      },
      Array.from(
        { length: total },
        (_, i) => `Ticket ${i}: I was charged twice for order ${i}, please refund me.`,
      ),
    ),
  )
  most = 0
  const started = performance.now()
  await runner.start(id)
  while (history.decisionBatches.get(id)?.status === 'running') await new Promise((r) => setTimeout(r, 5))
  const wall = performance.now() - started
  const counts = history.decisionBatches.counts(id)
  if (counts.done !== total) throw new Error(`only ${counts.done} of ${total} rows answered`)
  console.log(
    `batch of ${total.toLocaleString('en-US')} inputs, limit ${concurrency}: wall ${ms(wall)} (${Math.round((counts.done / wall) * 1000)} rows/s), ` +
      `${counts.done} answered, ${counts.failed} failed; most in flight ${most} (limit ${concurrency}${most > concurrency ? ' — EXCEEDED' : ''})`,
  )
  history.close()
  await rm(folder, { recursive: true, force: true })
}
sandbox.stop()
