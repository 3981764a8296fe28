// Decision batch figures: 1,000 inputs against the sandbox (its own process) through the app's batch runner,
// gateway and history store — wall time, and the most requests in flight, counted at the HTTP client
// independently of the runner, against the limit.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { runBatch } from './batches.ts'
import { report } from './figures.ts'
import { startSandboxProcess } from './measure.ts'

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

for (const concurrency of [4, 8, 16]) {
  const folder = await mkdtemp(join(tmpdir(), 'gd-bench-batch-'))
  most = 0
  const { wallMs, done, failed } = await runBatch({
    folder,
    sandboxUrl: sandbox.url,
    key,
    total,
    concurrency,
  })
  await rm(folder, { recursive: true, force: true })
  if (done !== total) throw new Error(`only ${done} of ${total} rows answered`)
  report({
    name: `batch of ${total.toLocaleString('en-US')} inputs, limit ${concurrency}: rows answered`,
    value: (done / wallMs) * 1000,
    unit: '/s',
    detail: `wall ${(wallMs / 1000).toFixed(2)} s, ${failed} failed`,
  })
  report({
    name: `batch, limit ${concurrency}: most requests in flight`,
    value: most,
    unit: 'requests',
    goal: { atMost: concurrency },
    detail: 'counted at the HTTP client, apart from the runner',
  })
}
sandbox.stop()
