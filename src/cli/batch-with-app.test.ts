// `batch run` beside the open app: the app takes the folder over and the batch goes on there, a budget set in
// the app holds the command's batch, and one budget holds two commands and the app sending at once.
import { statSync } from 'node:fs'
import { DatabaseSync } from 'node:sqlite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Sandbox } from '#sandbox/server'
import { formatAmount, parseAmount } from '#shared/domain/money'
import { takeFolder } from '../main/core/owner/folder-owner.ts'
import { startCore, until } from '../main/testing/core.ts'
import {
  type BatchFolder,
  batchFolder,
  batchKey as key,
  triageRequest as request,
} from './testing/batch-folder.ts'
import { lineOf, startCli } from './testing/run-cli.ts'

let folder: BatchFolder
let dataDir = ''
let sandbox: Sandbox
const file = (name: string) => folder.file(name)
const doneRows = (batchId?: string) => folder.doneRows(batchId)
/** `batch run` of the triage questionnaire over the tickets, a row at a time, printing JSON lines. */
const startTriageRun = () =>
  startCli(
    dataDir,
    [
      ...['--json', '--profile', 'Local', 'batch', 'run', file('triage.json'), file('tickets.csv')],
      ...['--column', 'text', '--concurrency', '1'],
    ],
    { env: { GATEWAY_API_KEY: key } },
  )

beforeAll(async () => {
  folder = await batchFolder('gd-cli-batch-app-')
  ;({ dataDir, sandbox } = folder)
})
afterAll(() => folder.close())

describe('batch run beside the open app', () => {
  it('goes on in the app when the app opens and takes the folder over; a cancel there stops it', async () => {
    const newest = () => {
      const db = new DatabaseSync(file('history.db'), { readOnly: true })
      try {
        // The command and the app write as this reads: wait out their lock as their own connections do.
        db.exec('PRAGMA busy_timeout = 5000')
        const row = db.prepare('SELECT id FROM decision_batches ORDER BY created_at DESC LIMIT 1').get()
        return (row as { id: string } | undefined)?.id ?? null
      } finally {
        db.close()
      }
    }
    const before = newest()
    // Slowed down so that the batch is still running when the app starts beside it.
    sandbox.state.faults.latencyMs = 50
    const running = startTriageRun()
    try {
      const id = await until(() => {
        const started = newest()
        return started !== before && started !== null && doneRows(started) >= 5 && started
      }, 60_000)
      // The app starts on the folder the command line owns: the command lets it go, attaches, and its batch
      // goes on in the app's core, from the rows not written.
      const folder = await takeFolder(dataDir, { info: () => {} })
      // The command let the folder go only once its history was closed: no write of its own is left in the
      // log the app's core writes to from now on.
      expect(statSync(file('history.db-wal'), { throwIfNoEntry: false })?.size ?? 0).toBe(0)
      const app = await startCore({ userData: dataDir, folder })
      try {
        await until(async () => {
          const { batch } = await app.call('batches.get', { id })
          return batch.status === 'running' && app.core.attachedClients() > 0 && batch.counts.done >= 8
        }, 60_000)
        await app.call('batches.cancel', { id })
        const stopped = await running.exited
        expect(stopped.stderr).toMatch(/Gateway Desk opened and takes over the data folder/)
        expect(stopped.code).toBe(1)
        const line = lineOf(stopped.stdout, 'batch')
        expect(line).toMatchObject({ id, status: 'cancelled', rows: 200 })
        // Every row answered carries its cost, once.
        const { items } = await app.call('batches.rows', { id, from: 0, limit: 400 })
        const answered = items.filter((item) => item.status === 'done')
        expect(answered.length).toBe(line?.done)
        expect(answered.every((item) => item.cost !== null)).toBe(true)
        // Stopped with rows left: it sent none after the cancel reached it.
        expect(line?.pending).toBeGreaterThan(0)
      } finally {
        await app.core.close()
      }
    } finally {
      sandbox.state.faults.latencyMs = 0
      if (running.child.exitCode === null) running.child.kill('SIGTERM')
    }
  })

  it('runs in the open app, so a budget set in the app holds the batch at its next row', async () => {
    const app = await startCore({ userData: dataDir, owner: true })
    const local = (await app.call('profiles.list', {})).find((one) => one.name === 'Local')!
    sandbox.state.faults.latencyMs = 30
    const running = startTriageRun()
    try {
      // The command attached: its batch is the app's to run, and rows are answered there.
      const id = await until(async () => {
        const [batch] = await app.call('batches.list', {})
        return batch?.status === 'running' && batch.counts.done >= 3 && batch.id
      }, 60_000)
      const { spentToday } = (await app.call('spend.budgets', {})).find((one) => one.profileId === local.id)!
      // Budgets are written to the millionth of a dollar: what was spent, rounded up to one.
      const step = parseAmount('0.000001')
      const daily = formatAmount(((parseAmount(spentToday) + step - 1n) / step) * step)
      await app.call('spend.setBudget', { profileId: local.id, daily, monthly: null })
      const stopped = await running.exited
      const line = lineOf(stopped.stdout, 'batch')
      expect(line).toMatchObject({ id, status: 'over_budget', rows: 200 })
      expect(line?.pending).toBeGreaterThan(150)
    } finally {
      sandbox.state.faults.latencyMs = 0
      if (running.child.exitCode === null) running.child.kill('SIGTERM')
      await app.call('spend.setBudget', { profileId: local.id, daily: null, monthly: null })
      await app.core.close()
    }
  })

  it('holds one budget over two commands and the app sending at once: passed by at most one estimate', async () => {
    const app = await startCore({ userData: dataDir, owner: true })
    const local = (await app.call('profiles.list', {})).find((one) => one.name === 'Local')!
    await app.call('profiles.setSecret', { profileId: local.id, secret: 'apiKey', value: key })
    const spent = async () =>
      parseAmount((await app.call('spend.budgets', {})).find((one) => one.profileId === local.id)!.spentToday)
    const before = await spent()
    // Room for about 40 rows, at the price of the rows answered so far.
    const row = parseAmount(
      (
        await app.call('batches.rows', {
          id: (await app.call('batches.list', {}))[0]!.id,
          from: 0,
          limit: 400,
        })
      ).items.find((item) => item.cost !== null)!.cost!,
    )
    const step = parseAmount('0.000001')
    const limit = ((before + row * 40n + step - 1n) / step) * step
    await app.call('spend.setBudget', { profileId: local.id, daily: formatAmount(limit), monthly: null })
    const args = ['--json', '--profile', 'Local', 'batch', 'run', file('triage.json'), file('tickets.csv')]
    const commands = [1, 2].map(() =>
      startCli(dataDir, [...args, '--column', 'text', '--concurrency', '4'], {
        env: { GATEWAY_API_KEY: key },
      }),
    )
    try {
      // The app sends decisions of its own on the same profile, until the budget refuses one.
      await app.call('profiles.activate', { id: local.id })
      let estimate = 0n
      for (;;) {
        const sent = await app
          .call('decisions.run', { run: { endpoint: 'unified', body: request as never } })
          .then(
            (run) => parseAmount(run.cost ?? '0'),
            (error: { code?: string }) => (error.code === 'over_budget' ? null : Promise.reject(error)),
          )
        if (sent === null) break
        if (sent > estimate) estimate = sent
      }
      const ends = await Promise.all(commands.map((command) => command.exited))
      for (const end of ends) expect(lineOf(end.stdout, 'batch')).toMatchObject({ status: 'over_budget' })
      const over = (await spent()) - limit
      // At most one request's estimate past the budget: the rows' and the app's, the dearest of them.
      expect(over).toBeLessThanOrEqual(row > estimate ? row : estimate)
    } finally {
      for (const command of commands) if (command.child.exitCode === null) command.child.kill('SIGTERM')
      await app.call('profiles.activate', { id: 'sandbox' })
      await app.call('spend.setBudget', { profileId: local.id, daily: null, monthly: null })
      await app.core.close()
    }
  })
})
