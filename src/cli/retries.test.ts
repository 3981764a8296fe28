// A batch against a service that falters: a 5xx is sent again as the service says, a service that cannot be
// reached stops the batch with its rows waiting (exit 3) and `batch resume` finishes it once it is back, and
// `--retry-failed` sends the failed rows again. A gate in front of the sandbox plays the service's troubles.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Sandbox, startSandbox } from '#sandbox/server'
import { startCore, until } from '../main/testing/core.ts'
import { passThrough } from '../main/testing/pass-through.ts'
import { jsonLines, lineOf, runCli, startCli } from './testing/run-cli.ts'

const key = 'sk-cli-retries-0123456789'
let dataDir = ''
let sandbox: Sandbox
let gate: Awaited<ReturnType<typeof passThrough>>
/** What the gate does with the next requests: answer 503 to so many decisions, or drop every connection. */
const trouble = { unavailable: 0, down: false, decisions: 0 }
const file = (name: string) => join(dataDir, name)
const request = {
  model: 'sysone/judge-1',
  input: 'x',
  questions: [{ type: 'predicate', name: 'urgent', instructions: 'Is this message urgent?' }],
}
const lines = (count: number) =>
  `${Array.from({ length: count }, (_, n) => `Message ${n + 1}: the parcel is late`).join('\n')}\n`
const gated = ['--json', '--profile', 'Gated', 'batch']
const env = { GATEWAY_API_KEY: key }

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'gd-cli-retries-'))
  sandbox = await startSandbox({ keys: [key], allowPrivateAddresses: true })
  // The service's troubles, played in front of the sandbox: connections dropped, decisions turned away.
  gate = await passThrough(sandbox.url, (req, res) => {
    if (trouble.down) {
      req.socket.destroy()
      return true
    }
    const decision = req.method === 'POST' && req.url?.startsWith('/v1/decisions')
    if (decision) trouble.decisions++
    if (!decision || trouble.unavailable === 0) return false
    trouble.unavailable--
    res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '1' })
    res.end(
      JSON.stringify({ error: { message: 'overloaded', type: 'server_error', code: 'upstream_error' } }),
    )
    return true
  })
  const app = await startCore({ userData: dataDir })
  await app.call('profiles.save', {
    name: 'Gated',
    baseUrl: gate.url,
  })
  await app.core.close()
  writeFileSync(file('q.json'), JSON.stringify(request))
  writeFileSync(file('six.txt'), lines(6))
  writeFileSync(file('hundred.txt'), lines(100))
})
afterAll(async () => {
  await gate.close()
  await sandbox.close()
  rmSync(dataDir, { recursive: true, force: true })
  rmSync(`${dataDir}.keychain`, { force: true })
})

const rowsOf = (path: string) =>
  readFileSync(path, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { row: number; status: string; cost: string | null })

describe('a batch against a faltering service', () => {
  it('sends a row again after a 503, waiting as the service says, and answers every row', async () => {
    trouble.unavailable = 3
    trouble.decisions = 0
    const run = await runCli(
      dataDir,
      [
        ...gated,
        'run',
        file('q.json'),
        file('six.txt'),
        '--concurrency',
        '1',
        '--retries',
        '3',
        '--out',
        file('six.jsonl'),
      ],
      { env },
    )
    expect(run.code, run.stderr).toBe(0)
    expect(rowsOf(file('six.jsonl')).map((row) => row.status)).toEqual(Array(6).fill('answered'))
    // Six rows, three of them turned away once.
    expect(trouble.decisions).toBe(9)
  })

  it('stops with the rows waiting when the service cannot be reached (exit 3), and a resume finishes it', async () => {
    trouble.down = false
    const running = startCli(
      dataDir,
      [...gated, 'run', file('q.json'), file('hundred.txt'), '--concurrency', '2', '--retries', '1'],
      { env },
    )
    await until(() => trouble.decisions >= 20, 60_000)
    trouble.down = true
    const stopped = await running.exited
    expect(stopped.code, stopped.stderr).toBe(3)
    const line = lineOf(stopped.stdout, 'batch')
    expect(line).toMatchObject({ status: 'unreachable', failed: 0 })
    // While it ran, its progress: a line at most each second, every line saying what it is.
    const progress = jsonLines(stopped.stdout).filter((one) => one.kind === 'progress')
    expect(progress.length).toBeGreaterThan(0)
    expect(progress[0]).toMatchObject({ id: line?.id, total: 100 })
    expect(
      jsonLines(stopped.stdout).every((one) => ['progress', 'row', 'batch'].includes(String(one.kind))),
    ).toBe(true)
    // And each row as it settled, once: as many as were answered before it stopped.
    const said = jsonLines(stopped.stdout).filter((one) => one.kind === 'row')
    expect(new Set(said.map((one) => one.row)).size).toBe(said.length)
    expect(said.length).toBe(Number(line?.done) + Number(line?.failed))
    expect(said[0]).toMatchObject({ batch: line?.id, status: 'answered', answers: [{ question: 'urgent' }] })
    expect(line?.pending).toBeGreaterThan(0)
    trouble.down = false
    const resumed = await runCli(
      dataDir,
      [...gated, 'resume', String(line?.id), '--out', file('hundred.jsonl')],
      { env },
    )
    expect(resumed.code, resumed.stderr).toBe(0)
    const rows = rowsOf(file('hundred.jsonl'))
    expect(rows.map((row) => row.row)).toEqual(Array.from({ length: 100 }, (_, n) => n + 1))
    expect(rows.every((row) => row.status === 'answered' && row.cost !== null)).toBe(true)
  })

  it('sends the failed rows again with --retry-failed', async () => {
    trouble.unavailable = 1000
    const failing = await runCli(
      dataDir,
      [...gated, 'run', file('q.json'), file('six.txt'), '--retries', '0', '--concurrency', '2'],
      { env },
    )
    trouble.unavailable = 0
    expect(failing.code, failing.stderr).toBe(1)
    const line = lineOf(failing.stdout, 'batch')
    expect(line).toMatchObject({ status: 'done', failed: 6 })
    const retried = await runCli(
      dataDir,
      [...gated, 'resume', String(line?.id), '--retry-failed', '--out', file('retried.jsonl')],
      { env },
    )
    expect(retried.code, retried.stderr).toBe(0)
    expect(rowsOf(file('retried.jsonl')).map((row) => row.status)).toEqual(Array(6).fill('answered'))
  })
})

describe('a report for CI', () => {
  it('writes JUnit with a case per row and question, and fails the step past --fail-on', async () => {
    trouble.unavailable = 2
    const ran = await runCli(
      dataDir,
      [
        ...gated,
        'run',
        file('q.json'),
        file('six.txt'),
        ...['--concurrency', '1', '--retries', '0', '--report', file('report.xml'), '--fail-on', 'failed=1'],
      ],
      { env },
    )
    // Two rows turned away and not sent again: more failed rows than the threshold allows.
    expect(ran.code, ran.stderr).toBe(5)
    expect(ran.stderr).toMatch(/2 rows failed, more than --fail-on failed=1 allows/)
    const xml = readFileSync(file('report.xml'), 'utf8')
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/)
    expect(xml).toMatch(/<testsuites name="gateway-desk" tests="6" failures="2" skipped="0" errors="0">/)
    expect(xml.match(/<testcase /g)).toHaveLength(6)
    expect(xml.match(/<failure message="overloaded"/g)).toHaveLength(2)
    expect(xml).toMatch(/<testcase classname="row 3" name="urgent" time="[\d.]+"><system-out>(yes|no) \(/)
    // The same batch judged with room for its failures passes, and a JSON report says the same rows.
    const line = lineOf(ran.stdout, 'batch')
    const again = await runCli(
      dataDir,
      [...gated, 'resume', String(line?.id), '--report', file('report.json'), '--fail-on', 'failed=2'],
      { env },
    )
    expect(again.code, again.stderr).toBe(0)
    const report = JSON.parse(readFileSync(file('report.json'), 'utf8'))
    expect(report).toMatchObject({ kind: 'report', batch: { counts: { total: 6, failed: 2 } } })
    expect(report.rows.filter((row: { status: string }) => row.status === 'failed')).toHaveLength(2)
    const refused = await runCli(dataDir, [...gated, 'resume', String(line?.id), '--fail-on', 'errors=3'], {
      env,
    })
    expect(refused.code).toBe(2)
  })
})
