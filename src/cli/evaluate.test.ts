// `eval` on the built-in sandbox: a labeled CSV scored per question and model from the answers its batch stored,
// the scores the same as counting a plain batch's answers against the labels, `--fail-on` failing the step,
// reports for CI, two evaluations at once on one folder, and input refused in words.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Question } from '#shared/api/decisions'
import { questionnaireFromRequest } from '#shared/domain/questionnaire'
import type { SideBySide } from '#shared/domain/side-by-side'
import { labeledSet, questionnaire } from './testing/eval-set.ts'
import { jsonLines, runCli } from './testing/run-cli.ts'

let dataDir = ''
const file = (name: string) => join(dataDir, name)

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'gd-cli-eval-'))
  writeFileSync(file('triage.json'), JSON.stringify(questionnaire))
  writeFileSync(file('labeled.csv'), labeledSet(40))
})
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true })
  rmSync(`${dataDir}.keychain`, { force: true })
})

const evaluate = (...args: string[]) =>
  runCli(join(dataDir, 'data'), [
    '--json',
    'eval',
    file('triage.json'),
    file('labeled.csv'),
    '--column',
    'text',
    ...args,
  ])

/** The questionnaire as the app exports it, its yes-or-no question read from 0.7, with `evaluation`. */
function writeStrict(path: string, evaluation: object) {
  let id = 0
  const exported = questionnaireFromRequest(questionnaire.questions as Question[], 'Triage', () => `q${++id}`)
  const questions = exported.questions.map((one) =>
    one.kind === 'predicate' ? { ...one, threshold: 0.7 } : one,
  )
  writeFileSync(path, JSON.stringify({ ...exported, questions, evaluation }))
}

describe('eval', () => {
  it('scores each question as counting a plain batch’s answers against the labels does', async () => {
    const batch = await runCli(join(dataDir, 'data'), [
      'batch',
      'run',
      file('triage.json'),
      file('labeled.csv'),
      '--column',
      'text',
      '--out',
      file('plain.jsonl'),
    ])
    expect(batch.code).toBe(0)
    const labels = readFileSync(file('labeled.csv'), 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(','))
    const answered = readFileSync(file('plain.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { row: number; answers: { question: string; value: string }[] })
    const right = (question: number, column: number) =>
      answered.filter((row) => row.answers[question]?.value === labels[row.row - 1]?.[column]).length / 40

    const run = await evaluate('--report', file('eval.json'), '--expected-column', 'Urgent=urgent')
    expect(run.code).toBe(0)
    const scores = jsonLines(run.stdout).filter((line) => line.kind === 'score')
    expect(scores.map((line) => [line.question, line.labeled])).toEqual([
      ['Urgent', 40],
      ['Team', 40],
    ])
    expect(scores[0]?.accuracy).toBeCloseTo(right(0, 1), 12)
    expect(scores[1]?.accuracy).toBeCloseTo(right(1, 2), 12)
    // Not perfect, not chance: the misleading words cost the model some rows.
    for (const line of scores) expect(line.accuracy).toBeGreaterThan(0.6)
    expect(scores.some((line) => (line.accuracy as number) < 1)).toBe(true)
    const report = JSON.parse(readFileSync(file('eval.json'), 'utf8'))
    expect(report.models[0].questions[0]).toMatchObject({ question: 'Urgent', labeled: 40, broken: [] })
    expect(report.models[0].questions[0].predicate.reliability).toHaveLength(10)
  })

  it('fails the step when a score breaks --fail-on, and says which in the JUnit report', async () => {
    const run = await evaluate(
      '--fail-on',
      'accuracy<0.999',
      '--fail-on',
      'auc<0.1',
      '--report',
      file('eval.xml'),
    )
    expect(run.code).toBe(5)
    expect(run.stderr).toMatch(
      /sysone\/judge-1 · (Urgent|Team): accuracy 0\.\d+ \(--fail-on accuracy<0\.999\)/,
    )
    const xml = readFileSync(file('eval.xml'), 'utf8')
    expect(xml).toMatch(/<testsuites name="gateway-desk eval" tests="2" failures="[12]"/)
    expect(xml).toContain('type="threshold"')
    expect(xml).not.toContain('auc&lt;0.1')
  })

  it('two evaluations at once on one folder each score the whole set', async () => {
    const [one, two] = await Promise.all([evaluate(), evaluate()])
    expect([one.code, two.code]).toEqual([0, 0])
    const scoresOf = (stdout: string) =>
      jsonLines(stdout)
        .filter((line) => line.kind === 'score')
        .map((line) => [line.question, line.labeled, line.accuracy])
    expect(scoresOf(one.stdout)).toEqual(scoresOf(two.stdout))
    const batches = jsonLines(one.stdout).filter((line) => line.kind === 'batch')
    expect(batches).toEqual([expect.objectContaining({ done: 40, failed: 0, pending: 0 })])
  })

  it('runs the set and thresholds a .gdq file names for its evaluation, a set outside its folder refused', async () => {
    const evaluation = {
      set: 'labeled.csv',
      column: 'text',
      expected: { Urgent: 'urgent' },
      failOn: ['accuracy<0.999'],
    }
    writeFileSync(file('triage.gdq'), JSON.stringify({ ...questionnaire, evaluation }))
    const run = await runCli(join(dataDir, 'data'), ['--json', 'eval', file('triage.gdq')])
    expect(run.code).toBe(5)
    expect(jsonLines(run.stdout).filter((line) => line.kind === 'score')).toHaveLength(2)
    expect(run.stderr).toContain('(--fail-on accuracy<0.999)')
    // A yes-or-no question's own threshold is where its answers are read, and the figures say so.
    writeStrict(file('strict.gdq'), { ...evaluation, failOn: [] })
    const atStrict = await runCli(join(dataDir, 'data'), ['eval', file('strict.gdq')])
    expect([atStrict.code, atStrict.stdout]).toEqual([0, expect.stringMatching(/accuracy at 0\.7 \d/)])
    // The arguments win over the file: no threshold given here is broken.
    const loose = await runCli(join(dataDir, 'data'), [
      'eval',
      file('triage.gdq'),
      '--fail-on',
      'accuracy<0.1',
    ])
    expect(loose.code).toBe(0)
    writeFileSync(
      file('escape.gdq'),
      JSON.stringify({ ...questionnaire, evaluation: { ...evaluation, set: '../labeled.csv' } }),
    )
    const outside = await runCli(join(dataDir, 'elsewhere'), ['eval', file('escape.gdq')])
    expect([outside.code, outside.stderr]).toEqual([
      2,
      expect.stringContaining('names a set outside its folder'),
    ])
    expect(existsSync(join(dataDir, 'elsewhere'))).toBe(false)
    writeFileSync(file('broken.gdq'), JSON.stringify({ ...questionnaire, evaluation: { set: 5 } }))
    const broken = await runCli(join(dataDir, 'data'), ['eval', file('broken.gdq')])
    expect([broken.code, broken.stderr]).toEqual([
      2,
      expect.stringContaining('evaluation does not read: evaluation › set'),
    ])
    // A pipe named like a questionnaire is refused at once, as the app refuses one: never waited on.
    execFileSync('mkfifo', [file('pipe.gdq')])
    const pipe = await runCli(join(dataDir, 'data'), ['eval', file('pipe.gdq')])
    expect([pipe.code, pipe.stderr]).toEqual([2, expect.stringContaining('pipe.gdq is not a file.')])
  })

  it('compares with a baseline report: the same run changes nothing, edited criteria regress and fail the step', async () => {
    const base = await evaluate('--report', file('base.json'))
    expect(base.code).toBe(0)
    const same = await runCli(join(dataDir, 'data'), [
      'eval',
      file('triage.json'),
      file('labeled.csv'),
      '--column',
      'text',
      '--baseline',
      file('base.json'),
      '--fail-on',
      'regressed',
    ])
    expect([same.code, same.stdout]).toEqual([
      0,
      expect.stringContaining('Since the baseline: no score left its interval'),
    ])
    expect(same.stderr).not.toContain('read yes from')
    // Read at another threshold than the baseline, the rows between the two change for that alone: it is said.
    writeStrict(file('strict-base.gdq'), {
      set: 'labeled.csv',
      column: 'text',
      expected: { Urgent: 'urgent' },
    })
    const moved = await runCli(join(dataDir, 'data'), [
      'eval',
      file('strict-base.gdq'),
      '--baseline',
      file('base.json'),
    ])
    expect(moved.stderr).toContain(
      'Urgent: the baseline read yes from 0.5 and this run from 0.7; rows between the two are listed as changed for that alone.',
    )
    // The criteria of Urgent swapped: the answers turn over, and accuracy falls past the baseline's interval.
    const [urgent, team] = questionnaire.questions
    const swapped = {
      ...questionnaire,
      questions: [
        { ...urgent, criteria: { true: urgent?.criteria?.false, false: urgent?.criteria?.true } },
        team,
      ],
    }
    writeFileSync(file('swapped.json'), JSON.stringify(swapped))
    const worse = await runCli(join(dataDir, 'data'), [
      '--json',
      'eval',
      file('swapped.json'),
      file('labeled.csv'),
      '--column',
      'text',
      '--baseline',
      file('base.json'),
      '--fail-on',
      'regressed',
    ])
    expect(worse.code).toBe(5)
    const lines = jsonLines(worse.stdout)
    expect(lines.find((line) => line.kind === 'change' && line.metric === 'accuracy')).toMatchObject({
      question: 'Urgent',
      worse: true,
    })
    const flips = lines.filter((line) => line.kind === 'flip')
    expect(flips.length).toBeGreaterThan(20)
    expect(flips.every((flip) => flip.question === 'Urgent')).toBe(true)
    expect(worse.stderr).toMatch(
      /Urgent: accuracy 0\.\d+, worse than the baseline's 0\.\d+–0\.\d+ \(--fail-on regressed\)/,
    )
    writeFileSync(file('not-a-report.json'), '{"kind":"report"}')
    const wrong = await evaluate('--baseline', file('not-a-report.json'))
    expect([wrong.code, wrong.stderr]).toEqual([
      2,
      expect.stringContaining('is not the JSON report of an eval'),
    ])
    // A pipe named like a report is refused at once, never waited on.
    execFileSync('mkfifo', [file('pipe-report.json')])
    const pipe = await evaluate('--baseline', file('pipe-report.json'))
    expect([pipe.code, pipe.stderr]).toEqual([2, expect.stringContaining('pipe-report.json is not a file.')])
  })

  it('puts two models side by side: accuracy against cost, the frontier, and how much they agree', async () => {
    const run = await evaluate('--models', 'sysone/judge-1,aurora/sight-decide')
    expect(run.code).toBe(0)
    const compared = jsonLines(run.stdout).filter(
      (line) => line.kind === 'comparison',
    ) as unknown as SideBySide[]
    expect(compared.map((one) => one.question)).toEqual(['Urgent', 'Team'])
    for (const question of compared) {
      expect(question.models.map((one) => one.model)).toEqual(['sysone/judge-1', 'aurora/sight-decide'])
      // The cheaper model is always on the frontier; the dearer one only if it is more accurate.
      const [cheap, dear] = question.models
      expect(cheap?.costPer1000).toBeLessThan(dear?.costPer1000 ?? 0)
      expect(cheap?.frontier).toBe(true)
      expect(dear?.frontier).toBe((dear?.accuracy ?? 0) > (cheap?.accuracy ?? 0))
      expect(question.agreement.kind).toBe('cohen')
      expect(question.agreement.kappa).toBeGreaterThan(0.5)
      expect(question.agreement.lines).toHaveLength(question.agreement.differ)
    }
    // In a terminal, the choice the comparison leaves is said in words, as the window says it.
    const told = await runCli(join(dataDir, 'data'), [
      'eval',
      file('triage.json'),
      file('labeled.csv'),
      '--column',
      'text',
      '--models',
      'sysone/judge-1,aurora/sight-decide',
    ])
    expect(told.stdout).toMatch(
      /^Urgent: Read yes from [\d.]+\. Cheapest on the frontier: sysone\/judge-1, \d+\.\d% right for \$\d\.\d{4} per 1,000 rows\./m,
    )
    // Without expected answers, the agreement stands in.
    writeFileSync(file('unlabeled-two.csv'), 'text\nmy parcel is late\nI was charged twice\n')
    const unlabeled = await runCli(join(dataDir, 'data'), [
      '--json',
      'eval',
      file('triage.json'),
      file('unlabeled-two.csv'),
      '--models',
      'sysone/judge-1,aurora/sight-decide',
    ])
    expect(unlabeled.code).toBe(0)
    const agreement = jsonLines(unlabeled.stdout).filter(
      (line) => line.kind === 'comparison',
    ) as unknown as SideBySide[]
    expect(agreement).toHaveLength(2)
    expect(agreement.every((one) => one.models.every((model) => model.accuracy === null))).toBe(true)
  })

  it('refuses in words what it cannot score', async () => {
    writeFileSync(file('unlabeled.csv'), 'text,note\nhello,x\n')
    const none = await runCli(join(dataDir, 'data'), ['eval', file('triage.json'), file('unlabeled.csv')])
    expect(none.code).toBe(2)
    expect(none.stderr).toContain(
      'has no column of expected answers: name one with --expected-column question=column',
    )
    const wrong = await evaluate('--expected-column', 'Mood=urgent')
    expect([wrong.code, wrong.stderr]).toEqual([2, expect.stringContaining('No question is called “Mood”')])
    const bad = await evaluate('--fail-on', 'vibes<1')
    expect([bad.code, bad.stderr]).toEqual([2, expect.stringContaining('--fail-on takes a score')])
  })
})
