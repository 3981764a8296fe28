// `eval --shard I/N` on the built-in sandbox, two shards at once on one folder, and `eval merge`: the merged
// report's scores and intervals are the ones an eval of the whole set gives; a join that misses or repeats a shard,
// or mixes two evaluations, is refused in words.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { labeledSet, questionnaire } from './testing/eval-set.ts'
import { runCli } from './testing/run-cli.ts'

let dataDir = ''
const file = (name: string) => join(dataDir, name)
const cli = (...args: string[]) => runCli(join(dataDir, 'data'), args)
const evaluate = (...args: string[]) =>
  cli('eval', file('triage.json'), file('labeled.csv'), '--column', 'text', ...args)
const report = (name: string) => JSON.parse(readFileSync(file(name), 'utf8'))

/** The exit codes of the whole set's eval and of its three shards, two of them run at once on one folder. */
let ran: (number | null)[] = []

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'gd-cli-eval-shards-'))
  writeFileSync(file('triage.json'), JSON.stringify(questionnaire))
  writeFileSync(file('labeled.csv'), labeledSet(31))
  writeFileSync(file('other.json'), JSON.stringify({ ...questionnaire, model: 'aurora/sight-decide' }))
  const whole = await evaluate('--report', file('whole.json'))
  // Two shards at once on one folder (one owner runs both), the third after.
  const [one, two] = await Promise.all([
    evaluate('--shard', '1/3', '--report', file('shard-1.json')),
    evaluate('--shard', '2/3', '--report', file('shard-2.json')),
  ])
  const three = await evaluate('--shard', '3/3', '--report', file('shard-3.json'))
  ran = [whole, one, two, three].map((run) => run.code)
})
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true })
  rmSync(`${dataDir}.keychain`, { force: true })
})

describe('an eval in shards', () => {
  it('merges to the scores and intervals of one eval of the whole set', async () => {
    expect(ran).toEqual([0, 0, 0, 0])
    expect(report('shard-1.json').rows).toEqual([0, 3, 6, 9, 12, 15, 18, 21, 24, 27, 30])

    const merged = await cli(
      'eval',
      'merge',
      file('merged.json'),
      ...[3, 1, 2].map((n) => file(`shard-${n}.json`)),
    )
    expect(merged.code).toBe(0)
    const [whole, joined] = [report('whole.json'), report('merged.json')]
    const questions = (of: typeof whole) =>
      of.models[0].questions.map((question: Record<string, unknown>) => ({
        question: question.question,
        labeled: question.labeled,
        scores: question.scores,
        intervals: question.intervals,
        rows: question.rows,
      }))
    const [wanted, got] = [questions(whole), questions(joined)]
    expect(got.map((one: { labeled: number }) => one.labeled)).toEqual([31, 31])
    expect(got.map((one: { rows: unknown[] }) => one.rows)).toEqual(
      wanted.map((one: { rows: unknown[] }) => one.rows),
    )
    for (const [at, question] of wanted.entries())
      for (const [name, estimate] of Object.entries(
        question.intervals as Record<string, Record<string, number>>,
      ))
        for (const [part, value] of Object.entries(estimate))
          expect(got[at].intervals[name][part]).toBeCloseTo(value, 9)
    expect(joined.models[0].spent).toBe(
      ['shard-1.json', 'shard-2.json', 'shard-3.json']
        .reduce((sum, name) => sum + Number(report(name).models[0].spent), 0)
        .toFixed(joined.models[0].spent.split('.')[1]?.length ?? 0),
    )
  })

  it('fails the merged step on a threshold, and refuses a join that misses, repeats or mixes shards', async () => {
    const failed = await cli(
      'eval',
      'merge',
      file('merged.xml'),
      ...[1, 2, 3].map((n) => file(`shard-${n}.json`)),
      '--fail-on',
      'accuracy<0.999',
    )
    expect(failed.code).toBe(5)
    expect(readFileSync(file('merged.xml'), 'utf8')).toContain('type="threshold"')

    const twice = await cli(
      'eval',
      'merge',
      file('m.json'),
      file('shard-1.json'),
      file('shard-1.json'),
      file('shard-3.json'),
    )
    expect([twice.code, twice.stderr]).toEqual([2, expect.stringContaining('are both shard 1/3')])
    const missing = await cli('eval', 'merge', file('m.json'), file('shard-1.json'), file('shard-2.json'))
    expect([missing.code, missing.stderr]).toEqual([2, expect.stringContaining('Shard 3/3 missing.')])
    expect((await cli('eval', 'merge', file('m.json'), file('whole.json'))).stderr).toContain(
      'whole.json is not the JSON report of an eval shard',
    )
    // A shard of the same set by another model is another evaluation.
    const other = await cli(
      'eval',
      file('other.json'),
      file('labeled.csv'),
      '--column',
      'text',
      '--models',
      'aurora/sight-decide',
      '--shard',
      '2/3',
      '--report',
      file('other-2.json'),
    )
    expect(other.code).toBe(0)
    const mixed = await cli(
      'eval',
      'merge',
      file('m.json'),
      file('shard-1.json'),
      file('other-2.json'),
      file('shard-3.json'),
    )
    expect([mixed.code, mixed.stderr]).toEqual([
      2,
      expect.stringContaining('is a shard of another evaluation'),
    ])
    const noReport = await evaluate('--shard', '1/3')
    expect([noReport.code, noReport.stderr]).toEqual([2, expect.stringContaining('give --report FILE.json')])
  })
})
