// Sandbox figures: decisions requests/s and latency at 16 connections, and webhook fan-out when 1,000 jobs
// complete at once (deliveries/s to a local HTTPS receiver).
import { createServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import { createSelfSignedCertificate } from '#core/webhooks/self-signed'
import { report } from './figures.ts'
import { load, percentile, startSandboxProcess } from './measure.ts'

const key = 'sk-bench'
const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' }

async function decisions(): Promise<void> {
  const sandbox = await startSandboxProcess(['--keys', key])
  const body = JSON.stringify({
    model: 'sysone/judge-1',
    input: 'The invoice is overdue and I was charged twice. Please refund me today.',
    questions: [
      {
        type: 'predicate',
        name: 'refund',
        instructions: 'Asks for a refund?',
        criteria: { true: 'refund money back', false: 'thanks happy' },
      },
      {
        type: 'choice',
        name: 'topic',
        instructions: 'Topic',
        choices: [{ value: 'billing' }, { value: 'shipping' }, { value: 'account' }],
      },
      {
        type: 'score',
        name: 'urgency',
        instructions: 'Urgency',
        levels: [{ label: 'low' }, { label: 'medium' }, { label: 'high', description: 'today overdue' }],
      },
    ],
  })
  const request = async () => {
    const response = await fetch(`${sandbox.url}/v1/decisions`, { method: 'POST', headers, body })
    await response.arrayBuffer()
    if (response.status !== 200) throw new Error(String(response.status))
  }
  await load({ connections: 16, seconds: 1, maxRequests: 2000, worker: request }) // warm-up
  const result = await load({ connections: 16, seconds: 5, maxRequests: 200_000, worker: request })
  sandbox.stop()
  report({
    name: 'sandbox decisions, 16 connections: requests answered',
    value: (result.count / result.elapsedMs) * 1000,
    unit: '/s',
    detail: `p50 ${percentile(result.latencies, 50).toFixed(2)} ms, p99 ${percentile(result.latencies, 99).toFixed(2)} ms, ${result.errors} errors`,
  })
}

async function webhookFanOut(jobs: number): Promise<void> {
  let received = 0
  let firstAt = 0
  let lastAt = 0
  let done: () => void = () => {}
  const allReceived = new Promise<void>((resolve) => {
    done = resolve
  })
  const receiver = createServer(
    await createSelfSignedCertificate({ commonName: 'bench', days: 1 }),
    (req, res) => {
      req.resume()
      req.on('end', () => {
        received++
        lastAt = performance.now()
        firstAt ||= lastAt
        res.writeHead(204).end()
        if (received === jobs) done()
      })
    },
  )
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  const callback = `https://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`
  // A long time scale keeps every job pending until the control API completes them all at once.
  const sandbox = await startSandboxProcess([
    '--keys',
    key,
    '--credits',
    '1000000',
    '--time-scale',
    '1000',
    '--allow-private-addresses',
  ])
  const ids: string[] = []
  await load({
    connections: 16,
    seconds: 120,
    maxRequests: jobs,
    worker: async () => {
      const response = await fetch(`${sandbox.url}/v1/videos`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ model: 'lumen/clip-1', prompt: 'bench', callback_url: callback }),
      })
      ids.push(((await response.json()) as { id: string }).id)
    },
  })
  const started = performance.now()
  let next = 0
  await load({
    connections: 32,
    seconds: 120,
    maxRequests: jobs,
    worker: async () => {
      const id = ids[next++]
      const response = await fetch(`${sandbox.url}/__sandbox/videos/${id}/outcome`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"status":"completed"}',
      })
      await response.arrayBuffer()
    },
  })
  const timeout = setTimeout(done, 60_000)
  await allReceived
  clearTimeout(timeout)
  sandbox.stop()
  receiver.close()
  const seconds = (lastAt - started) / 1000
  report({
    name: `sandbox webhook fan-out, ${jobs} jobs completed at once`,
    value: received / seconds,
    unit: '/s',
    detail: `${received} deliveries in ${seconds.toFixed(2)} s, the first after ${(firstAt - started).toFixed(0)} ms`,
  })
}

await decisions()
await webhookFanOut(1000)
