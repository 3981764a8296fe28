// `batch run` as a CI job runs it: a thousand rows stopped with Ctrl+C and resumed give each row once; four
// shards joined with `batch merge` equal one run over the whole file.
import { execFileSync } from 'node:child_process'
import { readFileSync, truncateSync, writeFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Sandbox } from '#sandbox/server'
import { until } from '../main/testing/core.ts'
import { type BatchFolder, batchFolder, batchKey as key } from './testing/batch-folder.ts'
import { jsonLines, lineOf, runCli, startCli } from './testing/run-cli.ts'

let folder: BatchFolder
let dataDir = ''
let sandbox: Sandbox
const file = (name: string) => folder.file(name)
const doneRows = (batchId?: string) => folder.doneRows(batchId)

beforeAll(async () => {
  folder = await batchFolder('gd-cli-batch-')
  ;({ dataDir, sandbox } = folder)
})
afterAll(() => folder.close())

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
