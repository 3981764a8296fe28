// `eval`: how good a questionnaire is on a set of inputs with expected answers, per model. Each model answers the
// set as a batch of the app's (the folder's owner runs it, the spend cap shared by all); the scores come from the
// answers the batch stored and the set's expected columns, and `--fail-on accuracy<0.9` turns a score into a
// failed CI step.
import { basename, dirname, isAbsolute, relative, resolve } from 'node:path'
import { answerTable, tableToJson } from '#shared/domain/answer-table'
import { type BaselineFigures, changesSince } from '#shared/domain/baseline'
import { answersOf, evaluate, expectedColumns, metricNames, metricOf } from '#shared/domain/evaluation-set'
import { formatAmount, parseAmount } from '#shared/domain/money'
import { decisionCall, type Questionnaire } from '#shared/domain/questionnaire'
import { type EvaluationSettings, evaluationSettingsOf } from '#shared/domain/questionnaire-file'
import { sideBySide } from '#shared/domain/side-by-side'
import { movedThresholds, readBaseline } from './baseline.ts'
import {
  isQuestionnaireFile,
  questionnaireOf,
  readQuestionnaireFile,
  runLimits,
  usableInputsOf,
} from './batch.ts'
import { money, runToEnd } from './batch-follow.ts'
import { wholeBatch } from './batch-rows.ts'
import {
  brokenThresholds,
  costPerRight,
  figuresOf,
  type ModelRun,
  parseScoreThresholds,
  type ScoreThreshold,
  writeEvaluationReport,
} from './evaluation-report.ts'
import { shardPart } from './evaluation-shards.ts'
import { exitCodes, print, printJson, table, usageError, warn } from './output.ts'
import { reportKindOf } from './reports.ts'
import { checkConnection, commandPrefix, type GlobalOptions, withSession } from './session.ts'
import { parseShard, shardLabel, shardRows } from './shards.ts'
import { tellSideBySide } from './side-by-side.ts'

export interface EvalOptions {
  expectedColumn?: string[]
  column?: string
  models?: string
  concurrency?: string
  maxSpend?: string
  failOn?: string[]
  report?: string
  baseline?: string
  shard?: string
}

/**
 * The questionnaire, and its set with the settings to read it: from the arguments, or from what a questionnaire
 * file says of its evaluation (a set in the file's folder), the arguments winning where both say.
 */
async function setOf(questionnaireArg: string, setArg: string | undefined, options: EvalOptions) {
  const file = isQuestionnaireFile(questionnaireArg) ? await readQuestionnaireFile(questionnaireArg) : null
  let settings: EvaluationSettings | null = null
  try {
    settings = file ? evaluationSettingsOf(file.json, basename(questionnaireArg)) : null
  } catch (error) {
    throw usageError((error as Error).message)
  }
  /** A file the evaluation names, in the questionnaire file's folder and nowhere else. */
  const beside = (name: string, what: string) => {
    const folder = dirname(resolve(questionnaireArg))
    const path = resolve(folder, name)
    const inside = relative(folder, path)
    if (isAbsolute(name) || inside.startsWith('..') || isAbsolute(inside))
      throw usageError(
        `${basename(questionnaireArg)} names ${what} outside its folder (“${name}”): keep it beside the questionnaire.`,
      )
    return path
  }
  const set = setArg ?? (settings ? beside(settings.set, 'a set') : undefined)
  const baseline =
    options.baseline ?? (settings?.baseline ? beside(settings.baseline, 'a baseline') : undefined)
  if (!set)
    throw usageError(
      `Give an evaluation set (a .csv file), or a questionnaire file whose “evaluation” names one.`,
    )
  if (!/\.csv$/i.test(set))
    throw usageError(`${set} is not an evaluation set: give a .csv file with a column of expected answers.`)
  const given: Record<string, string> = { ...(settings?.expected ?? {}) }
  for (const pair of options.expectedColumn ?? []) {
    const at = pair.lastIndexOf('=')
    if (at <= 0 || at === pair.length - 1)
      throw usageError(`--expected-column takes question=column, such as Urgent=urgent (it was “${pair}”).`)
    given[pair.slice(0, at).trim()] = pair.slice(at + 1).trim()
  }
  return {
    file,
    set,
    given,
    column: options.column ?? settings?.column,
    baseline: baseline ? await readBaseline(baseline) : null,
    ...failOnOf(options.failOn?.length ? options.failOn : (settings?.failOn ?? [])),
  }
}

/** The scores' thresholds, and `regressed`: a score worse than the baseline's interval fails the step too. */
function failOnOf(values: readonly string[]) {
  return {
    thresholds: parseScoreThresholds(values.filter((value) => value.trim() !== 'regressed')),
    regressed: values.some((value) => value.trim() === 'regressed'),
  }
}

export async function evaluateSet(
  global: GlobalOptions,
  questionnaireArg: string,
  setArg: string | undefined,
  options: EvalOptions,
) {
  const { concurrency, maxSpend } = runLimits(options)
  if (options.report) reportKindOf(options.report)
  failOnOf(options.failOn ?? [])
  const wanted = (options.models ?? '')
    .split(',')
    .map((model) => model.trim())
    .filter(Boolean)
  // Read before the session, so that a file that cannot be evaluated makes no data folder.
  const { file, set, given, column, thresholds, regressed, baseline } = await setOf(
    questionnaireArg,
    setArg,
    options,
  )
  if (regressed && !baseline) throw usageError('--fail-on regressed needs a --baseline to compare with.')
  const shard = options.shard ? parseShard(options.shard) : null
  if (shard && !/\.json$/i.test(options.report ?? ''))
    throw usageError(
      '--shard writes a share of the evaluation: give --report FILE.json, for eval merge to join.',
    )
  if (shard && baseline)
    throw usageError('A shard is not compared with a baseline: give --baseline to the eval that merges them.')
  return withSession(global, {}, async (session) => {
    await checkConnection(session)
    const questionnaire = file?.questionnaire ?? (await questionnaireOf(session, questionnaireArg))
    const read = await usableInputsOf(set, column)
    const header = read.columns ?? []
    const found = expectedColumns(questionnaire, header, given)
    if (found.problems.length) throw usageError(found.problems.join(' '))
    // Without expected answers, the agreement of two models or more stands in.
    if (found.columns.size === 0 && wanted.length < 2)
      throw usageError(
        `${basename(set)} has no column of expected answers: name one with --expected-column question=column (its columns: ${header.join(', ')}), or compare two models or more with --models.`,
      )
    const models = []
    for (const id of wanted.length ? wanted : ['']) {
      const listed = await session.call('decisions.models', { chosen: id, limit: 1 })
      const model = id ? listed.chosen : listed.models[0]
      if (!model)
        throw usageError(
          id ? `No decision model “${id}” in the catalog.` : 'The catalog has no decision model.',
        )
      models.push(model)
    }
    // A shard runs its rows of the set; its report keeps them by their place in the whole set.
    const wholeRows = shardRows(read.inputs.length, shard)
    if (wholeRows.length === 0) throw usageError(`${basename(set)} has no inputs for this shard.`)
    const runs: ModelRun[] = []
    const tables: object[] = []
    let spent = 0n
    let code: number = exitCodes.done
    for (const model of models) {
      const cap = maxSpend === null ? null : parseAmount(maxSpend) - spent
      if (cap !== null && cap <= 0n) {
        warn(`The spend cap is reached: ${model.id} and the models after it were not run.`)
        code = exitCodes.stopped
        break
      }
      const since = Date.now()
      const started = await session.call('batches.start', {
        questionnaire: {
          ...questionnaire,
          name: `${questionnaire.name} · eval · ${model.id}${shard ? ` ${shardLabel(shard, read.inputs.length)}` : ''}`,
        },
        template: decisionCall(questionnaire, '', model, { format: 'unified', compat: false }),
        inputs: wholeRows.map((row) => read.inputs[row]) as never,
        lines: wholeRows.map((row) => read.lines[row] ?? row + 2),
        concurrency,
        retries: 3,
        spendCap: cap === null ? null : formatAmount(cap),
        source: { columns: header, rows: wholeRows.map((row) => read.rows?.[row] ?? []) },
      })
      if (!global.json)
        warn(`Batch ${started.id}: ${wholeRows.length} rows of ${basename(set)} with ${model.id}`)
      const ended = await runToEnd(session, started.id, {
        json: global.json === true,
        shard: null,
        again: commandPrefix(global),
        thresholds: [],
        since,
      })
      if (ended !== exitCodes.done && code === exitCodes.done) code = ended
      const { batch, items } = await wholeBatch(session, started.id)
      spent += parseAmount(batch.spent)
      const timed = items.filter((item) => item.status === 'done' && item.durationMs !== null)
      runs.push({
        model: model.id,
        batch,
        evaluation: evaluate(questionnaire, items, header, found.columns),
        answers: answersOf(questionnaire, items),
        lines: items.map((item) => item.line),
        latencyMs: timed.length
          ? timed.reduce((sum, item) => sum + (item.durationMs ?? 0), 0) / timed.length
          : null,
      })
      if (shard)
        tables.push(tableToJson(answerTable(questionnaire, items, []), (row) => wholeRows[row] ?? row))
      if (ended === exitCodes.interrupted) break
    }
    return conclude({
      questionnaire,
      runs,
      spent,
      thresholds,
      regressed,
      baseline,
      report: options.report,
      json: global.json === true,
      code,
      ...(shard
        ? {
            shard: {
              part: shardPart(questionnaire, read, found.columns, wholeRows, shard, read.inputs.length),
              tables,
            },
          }
        : {}),
    })
  })
}

/** Says each run's scores, the models side by side and what changed since the baseline; writes the report. */
export async function conclude(ended: {
  questionnaire: Questionnaire
  runs: readonly ModelRun[]
  spent: bigint
  thresholds: readonly ScoreThreshold[]
  regressed: boolean
  baseline: BaselineFigures | null
  report: string | undefined
  json: boolean
  code: number
  shard?: { part: object; tables: readonly object[] }
}): Promise<number> {
  const { questionnaire, runs, spent, thresholds, regressed, baseline, code, json, report } = ended
  const broken = runs.flatMap((run) =>
    run.evaluation.questions.flatMap((question) =>
      brokenThresholds(question, thresholds).map((text) => `${run.model} · ${text}`),
    ),
  )
  if (json)
    for (const run of runs)
      for (const [at, question] of run.evaluation.questions.entries())
        printJson('score', {
          model: run.model,
          batch: run.batch.id,
          question: question.title,
          kind: question.kind,
          labeled: question.labeled,
          unlabeled: question.unlabeled,
          unreadable: question.unreadable.length,
          ...Object.fromEntries(metricNames.map((name) => [name, metricOf(question, name) ?? null])),
          spent: run.batch.spent,
          costPerRight: costPerRight(run, at),
          latencyMs: run.latencyMs,
        })
  else {
    print(
      table(
        ['model', 'question', 'rows', 'scores', 'cost per right answer'],
        runs.flatMap((run) =>
          run.evaluation.questions.map((question, at) => [
            run.model,
            question.title,
            String(question.labeled),
            figuresOf(question),
            costPerRight(run, at),
          ]),
        ),
      ),
    )
    for (const run of runs)
      for (const question of run.evaluation.questions)
        if (question.unreadable.length)
          warn(
            `${question.title}: ${question.unreadable.length} expected answers do not read and were left out (${question.unreadable
              .slice(0, 3)
              .map((one) => `line ${one.line ?? '?'}: ${one.problem}`)
              .join('; ')}).`,
          )
    print(`Spent ${money(formatAmount(spent))} over ${runs.length} model${runs.length === 1 ? '' : 's'}.`)
  }
  const compared = runs.length > 1 ? sideBySide(questionnaire, runs) : []
  if (compared.length) tellSideBySide(compared, json)
  if (report) await writeEvaluationReport(report, questionnaire.name, runs, thresholds, ended.shard)
  const since = baseline ? changesSince(baseline, runs) : null
  if (baseline) {
    const now = (runs[0]?.evaluation.questions ?? []).flatMap((question) =>
      question.predicate ? [{ question: question.title, threshold: question.predicate.threshold }] : [],
    )
    for (const line of movedThresholds(baseline, now)) warn(line)
  }
  if (since) tellChanges(since, json)
  const worse = since?.changes.filter((change) => change.worse) ?? []
  if (regressed)
    for (const change of worse)
      broken.push(
        `${change.model} · ${change.question}: ${change.metric} ${round(change.after)}, worse than the baseline's ${round(change.before.low)}–${round(change.before.high)} (--fail-on regressed)`,
      )
  if (broken.length) {
    for (const line of broken) warn(line)
    return exitCodes.failOn
  }
  return code
}

const round = (value: number) => Number(value.toFixed(4))

/** What changed since the baseline: each score past its interval, and the rows whose answer flipped. */
function tellChanges(since: ReturnType<typeof changesSince>, json: boolean) {
  if (json) {
    for (const change of since.changes) printJson('change', change)
    for (const flip of since.flips) printJson('flip', flip)
    return
  }
  if (since.changes.length === 0 && since.flips.length === 0) {
    print('Since the baseline: no score left its interval, and no answer changed.')
    return
  }
  for (const change of since.changes)
    print(
      `Since the baseline: ${change.model} · ${change.question}: ${change.metric} ${round(change.before.value)} → ${round(change.after)}, ${change.worse ? 'worse' : 'better'} than its interval (${round(change.before.low)}–${round(change.before.high)})`,
    )
  const nowRight = since.flips.filter((flip) => flip.nowRight).length
  if (since.flips.length > 0)
    print(
      `${since.flips.length} answers changed since the baseline (${nowRight} now right, ${since.flips.length - nowRight} now wrong or not scored); the first: ${since.flips
        .slice(0, 3)
        .map(
          (flip) =>
            `line ${flip.line ?? '?'} ${flip.question} ${flip.before} → ${flip.after} (expected ${flip.expected})`,
        )
        .join('; ')}`,
    )
}
