// Commands in two shells on one data folder: the first owns it, the second attaches. Their batches run in one
// process, under one spend ledger and one set of budget holds; their jobs on the built-in Sandbox are one
// sandbox's.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatAmount, parseAmount } from '#shared/domain/money'
import { startCore, until } from '../main/testing/core.ts'
import { runCli, startCli } from './testing/run-cli.ts'

let dataDir = ''
const file = (name: string) => join(dataDir, name)
const request = {
  model: 'sysone/judge-1',
  input: 'x',
  questions: [{ type: 'predicate', name: 'urgent', instructions: 'Is it urgent?' }],
}

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'gd-cli-owner-'))
  writeFileSync(file('triage.json'), JSON.stringify(request))
  const lines = (count: number) =>
    `${Array.from({ length: count }, (_, n) => `Message ${n + 1}: my parcel is late`).join('\n')}\n`
  writeFileSync(file('long.txt'), lines(300))
  writeFileSync(file('short.txt'), lines(100))
  writeFileSync(file('two.txt'), lines(2))
})
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

const rowsOf = (path: string) =>
  readFileSync(path, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { row: number; status: string; cost: string | null })

describe('two commands on one data folder', () => {
  it('run two batches at once in one owner: every answered row has its cost, and the spend cap holds', async () => {
    expect(
      (
        await runCli(dataDir, [
          'batch',
          'run',
          file('triage.json'),
          file('two.txt'),
          '--out',
          file('two.jsonl'),
        ])
      ).code,
    ).toBe(0)
    const rowCost = parseAmount(rowsOf(file('two.jsonl'))[0]?.cost ?? '0')
    expect(rowCost).toBeGreaterThan(0n)
    // Room for about 40 rows of the long batch.
    const capText = formatAmount(rowCost * 40n)
    const long = startCli(dataDir, [
      'batch',
      'run',
      file('triage.json'),
      file('long.txt'),
      '--concurrency',
      '4',
      '--max-spend',
      capText,
      '--out',
      file('long.jsonl'),
    ])
    const short = startCli(dataDir, [
      'batch',
      'run',
      file('triage.json'),
      file('short.txt'),
      '--concurrency',
      '4',
      '--out',
      file('short.jsonl'),
    ])
    const [longEnd, shortEnd] = await Promise.all([long.exited, short.exited])
    expect(shortEnd.code, shortEnd.stderr).toBe(0)
    expect(longEnd.code, longEnd.stderr).toBe(4)
    for (const out of ['long.jsonl', 'short.jsonl']) {
      const answered = rowsOf(file(out)).filter((row) => row.status === 'answered')
      expect(answered.length, out).toBeGreaterThan(0)
      expect(
        answered.filter((row) => !row.cost),
        out,
      ).toEqual([])
    }
    const longAnswered = rowsOf(file('long.jsonl')).filter((row) => row.status === 'answered')
    const costs = longAnswered.map((row) => parseAmount(row.cost ?? '0'))
    const spent = costs.reduce((sum, cost) => sum + cost, 0n)
    const dearest = costs.reduce((most, cost) => (cost > most ? cost : most), 0n)
    // The cap stopped it, at most a row in flight per request at once over.
    expect(longAnswered.length).toBeLessThan(300)
    expect(spent).toBeLessThanOrEqual(parseAmount(capText) + dearest * 4n)
  })

  it('follow one Sandbox job to the end from two shells', async () => {
    const created = startCli(dataDir, [
      'jobs',
      'create',
      '--model',
      'orbit/motion-2',
      '--prompt',
      'a kite',
      '--wait',
    ])
    // The second shell watches once the job is there.
    const { until } = await import('../main/testing/core.ts')
    await until(() => created.lines.length > 0 || created.child.exitCode !== null, 60_000)
    const watched = await runCli(dataDir, ['jobs', 'watch'])
    const made = await created.exited
    expect(made.code, made.stderr).toBe(0)
    expect(made.stdout).toMatch(/completed/)
    expect(watched.code, watched.stderr).toBe(0)
    expect(watched.stderr).not.toMatch(/does not know this job/)
  })

  it('attach to the app when it is open: a budget set there holds the command line’s batch', async () => {
    const app = await startCore({ userData: dataDir, owner: true })
    try {
      const listed = await runCli(dataDir, ['--json', 'batch', 'list'])
      expect(listed.code).toBe(0)
      const made = await runCli(dataDir, ['batch', 'run', file('triage.json'), file('two.txt')])
      expect(made.code, made.stderr).toBe(0)
      // The batch ran in the app's process: the app's runner has it in its history at once.
      expect((await app.call('batches.list', {})).length).toBeGreaterThan(0)
    } finally {
      await app.core.close()
    }
  })

  it('goes on as the owner when the app quits under its batch, each row answered once with its cost', async () => {
    const app = await startCore({ userData: dataDir, owner: true })
    const running = startCli(dataDir, [
      'batch',
      'run',
      file('triage.json'),
      file('long.txt'),
      '--concurrency',
      '2',
      '--out',
      file('after-quit.jsonl'),
    ])
    try {
      await until(async () => {
        const [batch] = await app.call('batches.list', {})
        return batch?.status === 'running' && batch.counts.done >= 10
      }, 60_000)
    } finally {
      await app.core.close()
    }
    const ended = await running.exited
    expect(ended.code, ended.stderr).toBe(0)
    expect(ended.stderr).toMatch(/owned the data folder quit; this command goes on/)
    const rows = rowsOf(file('after-quit.jsonl'))
    expect(rows.map((row) => row.row)).toEqual(Array.from({ length: 300 }, (_, n) => n + 1))
    expect(rows.filter((row) => row.status !== 'answered' || !row.cost)).toEqual([])
  })

  it('goes on when the command that owned the folder is killed: the attached one becomes its owner', async () => {
    const owner = startCli(dataDir, [
      'batch',
      'run',
      file('triage.json'),
      file('long.txt'),
      '--concurrency',
      '1',
    ])
    await until(() => /^Batch /m.test(owner.stderr()), 60_000)
    const attached = startCli(dataDir, [
      'batch',
      'run',
      file('triage.json'),
      file('short.txt'),
      '--concurrency',
      '1',
      '--out',
      file('after-kill.jsonl'),
    ])
    await until(() => /^Batch /m.test(attached.stderr()), 60_000)
    owner.child.kill('SIGKILL')
    await owner.exited
    const ended = await attached.exited
    expect(ended.code, ended.stderr).toBe(0)
    expect(ended.stderr).toMatch(/owned the data folder quit; this command goes on/)
    const rows = rowsOf(file('after-kill.jsonl'))
    expect(rows.map((row) => row.row)).toEqual(Array.from({ length: 100 }, (_, n) => n + 1))
    expect(rows.filter((row) => row.status !== 'answered' || !row.cost)).toEqual([])
  })
})
