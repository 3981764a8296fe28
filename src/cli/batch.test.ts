// `batch run` as a CI job runs it: a thousand rows stopped with Ctrl+C and resumed give each row once; four
// shards joined with `batch merge` equal one run over the whole file.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Sandbox, startSandbox } from '#sandbox/server'
import { formatAmount, parseAmount } from '#shared/domain/money'
import { takeFolder } from '../main/core/owner/folder-owner.ts'
import { startCore, until } from '../main/testing/core.ts'
import { jsonLines, lineOf, runCli, startCli } from './testing/run-cli.ts'

const key = 'sk-cli-batch-0123456789abcdef'
let dataDir = ''
let sandbox: Sandbox
const file = (name: string) => join(dataDir, name)

const request = {
  model: 'sysone/judge-1',
  input: 'x',
  questions: [
    { type: 'predicate', name: 'urgent', instructions: 'Is this message urgent?' },
    {
      type: 'choice',
      name: 'topic',
      instructions: 'What is it about?',
      choices: [{ value: 'billing' }, { value: 'bug' }, { value: 'other' }],
    },
  ],
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'gd-cli-batch-'))
  sandbox = await startSandbox({ keys: [key] })
  // A live profile on a sandbox this test controls: its answers can be slowed down.
  const env = await startCore({ userData: dataDir })
  await env.call('profiles.save', { name: 'Local', baseUrl: sandbox.url })
  await env.core.close()
  writeFileSync(file('triage.json'), JSON.stringify(request))
  const lines = Array.from({ length: 1000 }, (_, n) => `Message ${n + 1}: the invoice is wrong, please call`)
  writeFileSync(file('messages.txt'), `${lines.join('\n')}\n`)
  writeFileSync(
    file('tickets.csv'),
    `id,text\r\n${lines
      .slice(0, 200)
      .map((line, n) => `${n + 1},"${line}"`)
      .join('\r\n')}\r\n`,
  )
})
afterAll(async () => {
  await sandbox.close()
  rmSync(dataDir, { recursive: true, force: true })
})

const doneRows = (batchId?: string) => {
  const db = new DatabaseSync(file('history.db'), { readOnly: true })
  try {
    const row = db
      .prepare(
        `SELECT count(*) AS done FROM decision_batch_items WHERE status = 'done' ${batchId ? 'AND batch_id = ?' : ''}`,
      )
      .get(...(batchId ? [batchId] : [])) as { done: number }
    return row.done
  } finally {
    db.close()
  }
}

describe('batch run', () => {
  it('stops cleanly on Ctrl+C and resumes from the rows not written, each row once', async () => {
    sandbox.state.faults.latencyMs = 15
    const running = startCli(
      dataDir,
      ['--profile', 'Local', 'batch', 'run', file('triage.json'), file('messages.txt'), '--concurrency', '4'],
      { env: { GATEWAY_API_KEY: key } },
    )
    await until(() => doneRows() >= 100, 60_000)
    running.child.kill('SIGINT')
    const stopped = await running.exited
    expect(stopped.code).toBe(130)
    const id = /batch resume ([0-9a-f-]{36})/.exec(stopped.stdout)?.[1]
    // The hint runs as it is written: the data folder and the profile the command was given are in it.
    expect(stopped.stdout).toContain(`gateway-desk --data-dir ${dataDir} -p Local batch resume ${id}`)
    expect(id).toBeDefined()
    const before = doneRows(id)
    expect(before).toBeGreaterThanOrEqual(100)
    expect(before).toBeLessThan(1000)

    sandbox.state.faults.latencyMs = 0
    const resumed = await runCli(
      dataDir,
      ['--json', '--profile', 'Local', 'batch', 'resume', id!, '--out', file('all.jsonl')],
      {
        env: { GATEWAY_API_KEY: key },
      },
    )
    expect(resumed.code).toBe(0)
    expect(lineOf(resumed.stdout, 'batch')).toMatchObject({
      id,
      status: 'done',
      rows: 1000,
      done: 1000,
      failed: 0,
      pending: 0,
    })
    const rows = jsonLines(readFileSync(file('all.jsonl'), 'utf8'))
    expect(rows.map((row) => row.row)).toEqual(Array.from({ length: 1000 }, (_, n) => n + 1))
    expect(rows.every((row) => row.status === 'answered')).toBe(true)
    expect(rows[41]).toMatchObject({ input: 'Message 42: the invoice is wrong, please call' })
    // No row was asked twice: those in flight at Ctrl+C were answered and written, billed once. Each command
    // also checked the connection once before its first row.
    expect(sandbox.state.keys.get(key)?.requests).toBe(1000 + 2)
  })

  it('goes on in the app when the app opens and takes the folder over; a cancel there stops it', async () => {
    const newest = () => {
      const db = new DatabaseSync(file('history.db'), { readOnly: true })
      try {
        const row = db.prepare('SELECT id FROM decision_batches ORDER BY created_at DESC LIMIT 1').get()
        return (row as { id: string } | undefined)?.id ?? null
      } finally {
        db.close()
      }
    }
    const before = newest()
    // Slowed down so that the batch is still running when the app starts beside it.
    sandbox.state.faults.latencyMs = 50
    const running = startCli(
      dataDir,
      [
        ...['--json', '--profile', 'Local', 'batch', 'run', file('triage.json'), file('tickets.csv')],
        ...['--column', 'text', '--concurrency', '1'],
      ],
      { env: { GATEWAY_API_KEY: key } },
    )
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
        const { items } = await app.call('batches.rows', { id, from: 0, limit: 1000 })
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
    const running = startCli(
      dataDir,
      [
        ...['--json', '--profile', 'Local', 'batch', 'run', file('triage.json'), file('tickets.csv')],
        ...['--column', 'text', '--concurrency', '1'],
      ],
      { env: { GATEWAY_API_KEY: key } },
    )
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
          limit: 1000,
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

  it('runs four shards whose joined outputs equal one run over the whole file', async () => {
    const whole = await runCli(dataDir, [
      'batch',
      'run',
      file('triage.json'),
      file('tickets.csv'),
      '--column',
      'text',
      '--out',
      file('whole.csv'),
    ])
    expect(whole.code).toBe(0)
    const shards = await Promise.all(
      [1, 2, 3, 4].map((index) =>
        runCli(dataDir, [
          'batch',
          'run',
          file('triage.json'),
          file('tickets.csv'),
          '--column',
          'text',
          '--shard',
          `${index}/4`,
          '--out',
          file(`shard-${index}.csv`),
        ]),
      ),
    )
    // Four processes on one data folder at once, as the app and the command line may be.
    expect(shards.map((shard) => [shard.code, shard.stderr.match(/Error: .*/)?.[0] ?? null])).toEqual(
      [1, 2, 3, 4].map(() => [0, null]),
    )
    const merged = await runCli(dataDir, [
      'batch',
      'merge',
      file('merged.csv'),
      ...[4, 2, 3, 1].map((index) => file(`shard-${index}.csv`)),
    ])
    expect(merged.code).toBe(0)
    const expected = readFileSync(file('whole.csv'), 'utf8')
    // The byte order mark once, before the header, in the merge as in a single run's output.
    expect(expected.split('\r\n')[0]).toBe(
      '\uFEFFrow,line,id,text,status,urgent,urgent: probability of yes,topic,topic: probability,cost_usd,cost_estimated,error',
    )
    expect(readFileSync(file('merged.csv'), 'utf8')).toBe(expected)

    const missing = await runCli(dataDir, [
      'batch',
      'merge',
      file('partial.csv'),
      file('shard-1.csv'),
      file('shard-2.csv'),
    ])
    expect(missing).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('100 rows are in none of the files (3, 4, 7, 8, 11, …)'),
    })
    // A merge never writes over one of its inputs, and names a file that is not there.
    const before = readFileSync(file('shard-1.csv'), 'utf8')
    const onto = await runCli(dataDir, [
      'batch',
      'merge',
      file('shard-1.csv'),
      file('shard-1.csv'),
      file('shard-2.csv'),
    ])
    expect(onto).toMatchObject({ code: 2, stderr: expect.stringContaining('is one of the files to merge') })
    expect(readFileSync(file('shard-1.csv'), 'utf8')).toBe(before)
    const absent = await runCli(dataDir, [
      'batch',
      'merge',
      file('m.csv'),
      file('shard-1.csv'),
      file('nowhere.csv'),
    ])
    expect(absent).toMatchObject({ code: 2, stderr: expect.stringContaining('nowhere.csv does not exist.') })
  })

  it('reads the column most like text when none is named, as the app does, and says which; rows keep their line', async () => {
    writeFileSync(
      file('ids-first.csv'),
      'id,text\r\n1,"my parcel is late, again"\r\n\r\n2,"the lid arrived broken"\r\n',
    )
    const ran = await runCli(dataDir, [
      'batch',
      'run',
      file('triage.json'),
      file('ids-first.csv'),
      '--out',
      file('ids-first.jsonl'),
    ])
    expect(ran.code, ran.stderr).toBe(0)
    expect(ran.stderr).toContain('Reading the column “text” of ids-first.csv')
    // The empty line is said, and each row keeps the line of the file it came from.
    expect(ran.stderr).toContain('ids-first.csv: empty line 3 left out')
    const rows = jsonLines(readFileSync(file('ids-first.jsonl'), 'utf8'))
    expect(rows.map((row) => row.input)).toEqual(['my parcel is late, again', 'the lid arrived broken'])
    expect(rows.map((row) => [row.row, row.line])).toEqual([
      [1, 2],
      [2, 4],
    ])
    // The file's other columns are kept, as in the CSV output.
    expect(rows.map((row) => row.source)).toEqual([
      { id: '1', text: 'my parcel is late, again' },
      { id: '2', text: 'the lid arrived broken' },
    ])
  })

  it('lists batches, and exits 3 before sending a row when the key is refused', async () => {
    const listed = jsonLines((await runCli(dataDir, ['--json', 'batch', 'list'])).stdout)
    expect(listed.length).toBeGreaterThanOrEqual(6)
    expect(listed.map((batch) => batch.name)).toContainEqual(
      expect.stringMatching(/^triage \(shard 3\/4 of \d+\)$/),
    )
    expect(listed.find((batch) => (batch.counts as { total: number }).total === 1000)).toMatchObject({
      status: 'done',
      profileName: 'Local',
    })
    // For a person: a table with its header, the failed rows apart from the answered ones.
    const [header] = (await runCli(dataDir, ['batch', 'list'])).stdout.split('\n')
    expect(header?.split(/\s+/)).toEqual(['id', 'status', 'answered', 'failed', 'waiting', 'spent', 'name'])
    // The start of an id two batches share is refused, not taken as the first of them.
    const ids = listed.map((batch) => String(batch.id)).sort()
    const shared = ids
      .slice(1)
      .map((id, at) =>
        id.slice(
          0,
          [...id].findIndex((character, place) => ids[at]?.[place] !== character),
        ),
      )
      .sort((a, b) => b.length - a.length)[0]
    const ambiguous = await runCli(dataDir, ['batch', 'resume', shared ?? ''])
    expect(ambiguous).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('More than one batch’s id starts with'),
    })
    const asked = sandbox.state.keys.get(key)?.requests ?? 0
    const refused = await runCli(
      dataDir,
      ['--profile', 'Local', 'batch', 'run', file('triage.json'), file('messages.txt')],
      {
        env: { GATEWAY_API_KEY: 'sk-not-this-one-0000000000' },
      },
    )
    expect(refused.code).toBe(3)
    expect(refused.stderr).toMatch(/^Error: /)
    expect(sandbox.state.keys.get(key)?.requests ?? 0).toBe(asked)
  })

  it('refuses what it cannot run, before sending anything', async () => {
    const cases: [string[], RegExp][] = [
      [['batch', 'run', file('triage.json'), file('messages.txt'), '--shard', '5/4'], /--shard takes I\/N/],
      [
        ['batch', 'run', file('triage.json'), file('tickets.csv'), '--column', 'body'],
        /has no column “body”/,
      ],
      [['batch', 'run', file('messages.txt'), file('messages.txt')], /No questionnaire called/],
      [
        ['batch', 'run', file('triage.json'), file('messages.txt'), '--out', file('x.xlsx')],
        /--out takes a \.csv or \.jsonl/,
      ],
      [['batch', 'run', file('triage.json'), file('missing.txt')], /does not exist/],
      // A pipe named like inputs, and a file past the most a batch takes: refused before anything is read.
      [['batch', 'run', file('triage.json'), file('pipe.txt')], /pipe\.txt is not a file\./],
      [
        ['batch', 'run', file('triage.json'), file('huge.txt')],
        /huge\.txt is 200 MiB, more than the 8 MiB a file of batch inputs may be/,
      ],
      [['batch', 'merge', file('merged-pipe.csv'), file('pipe.csv')], /pipe\.csv is not a file\./],
    ]
    execFileSync('mkfifo', [file('pipe.txt'), file('pipe.csv')])
    writeFileSync(file('huge.txt'), '')
    truncateSync(file('huge.txt'), 200 * 1024 * 1024)
    for (const [args, message] of cases) {
      const result = await runCli(dataDir, args)
      expect(result.code).toBe(2)
      expect(result.stderr).toMatch(message)
    }
  })
})
