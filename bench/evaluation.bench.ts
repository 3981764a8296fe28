// The scores of a batch in the harness, on the built renderer: three finished batches of 10,000 tickets (as three
// models' runs of one set), each row labeled, opened in turn. From the choice of a batch to its scores painted
// (worked out in a Web Worker from the answers stored), then to their bootstrap intervals painted; the longest
// task in the page meanwhile; the two other runs chosen beside it, to the three models compared; and a question's
// column changed, to the scores painted again.
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { runBatch } from './batches.ts'
import { heading, report } from './figures.ts'
import { resultInField, resultShownIn, takeSamples, timed, watchInteractions } from './interaction.ts'
import { heldDetail, openHarness, percentile, startSandboxProcess } from './measure.ts'

const total = 10_000
const runs = 3
const key = 'sk-bench-evaluation'
const sandbox = await startSandboxProcess(['--keys', key])
const userData = await mkdtemp(join(tmpdir(), 'gd-bench-evaluation-'))
for (let run = 0; run < runs; run++) {
  const ran = await runBatch({
    folder: userData,
    sandboxUrl: sandbox.url,
    key,
    total,
    concurrency: 16,
    id: `model-${run}`,
  })
  if (ran.done !== total) throw new Error(`only ${ran.done} of ${total} rows answered`)
}
sandbox.stop()
// Every row labeled, as a person would after labeling: yes or no, a team, an urgency, spread over the rows.
const db = new DatabaseSync(join(userData, 'history.db'))
db.exec(`UPDATE decision_batch_items SET labels_json = json_object(
  '0', CASE WHEN idx % 3 = 0 THEN 'no' ELSE 'yes' END,
  '1', CASE idx % 4 WHEN 0 THEN 'shipping' WHEN 1 THEN 'account' ELSE 'billing' END,
  '2', CASE idx % 5 WHEN 0 THEN 'low' WHEN 1 THEN 'medium' ELSE 'high' END)`)
db.close()

const app = await openHarness(userData)
const { page } = app
await page.getByRole('link', { name: 'Decisions' }).click()
await page.getByRole('tab', { name: 'Batch' }).click()
await watchInteractions(page)
await takeSamples(page)
const scores = page.getByRole('region', { name: 'Scores', exact: true })
const rows: number[] = []
const figures: number[] = []
const intervals: number[] = []
/** The first round reads each batch from the history; the second opens it as the page keeps it. */
const firstFigures: number[] = []
const openedFrom = Date.now()
// The scores are timed in the page, from the choice's input event to the frame that shows a question's scores;
// the rows and the intervals, as Playwright sees them (its polling may add to them).
await resultShownIn(page, 'body', 'section[aria-label^="Scores of "]')
const openingTasks: number[] = []
for (let round = 0; round < 2; round++)
  for (let run = 1; run <= runs; run++) {
    const picker = page.getByRole('combobox', { name: 'Open a batch' })
    await picker.selectOption({ index: 0 })
    await scores.waitFor({ state: 'detached' })
    const started = performance.now()
    const rowsPainted = page
      .getByRole('region', { name: 'Batch results' })
      .getByText(`${total.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} rows`)
      .waitFor({ timeout: 60_000 })
      .then(() => rows.push(performance.now() - started))
    await timed(page, () => picker.selectOption({ index: run }).then(() => undefined))
    const taken = await takeSamples(page)
    figures.push(...taken.samples)
    if (round === 0) firstFigures.push(...taken.samples)
    openingTasks.push(...taken.longTasks)
    await scores
      .getByText(`${total.toLocaleString('en-US')} rows with an expected answer`)
      .first()
      .waitFor()
    await rowsPainted
    await scores.getByText(/ROC AUC\d\.\d{3} \(\d/).waitFor({ timeout: 120_000 })
    intervals.push(performance.now() - started)
  }
const opening = await takeSamples(page)
opening.longTasks.push(...openingTasks)
// The later figures are Playwright's: the page's watcher stops looking at every change.
await resultInField(page)
const openingHold = app.longestCoreHold(openedFrom, Date.now())
const changes: number[] = []
for (let round = 0; round < 5; round++)
  for (const label of ['Not scored', `labeled here: team`]) {
    const started = performance.now()
    await scores.getByLabel('Expected “team”').selectOption({ label })
    if (label === 'Not scored')
      await scores.getByRole('region', { name: 'Scores of team' }).waitFor({ state: 'detached' })
    else await scores.getByRole('region', { name: 'Scores of team' }).waitFor()
    changes.push(performance.now() - started)
  }
await takeSamples(page)
// The open batch beside the two other runs of its rows: their answers read, and the three compared in the worker.
const side = page.getByRole('region', { name: 'Models side by side' })
const compared: number[] = []
for (let round = 0; round < 3; round++) {
  const boxes = side.getByRole('group', { name: 'Compare with' }).getByRole('checkbox')
  for (const box of await boxes.all()) await box.uncheck()
  await side.getByRole('table', { name: 'Accuracy against cost' }).waitFor({ state: 'detached' })
  const started = performance.now()
  for (const box of await boxes.all()) await box.check()
  await side
    .getByRole('table', { name: 'Accuracy against cost' })
    .getByRole('row')
    .nth(3 * runs)
    .waitFor({ timeout: 60_000 })
  compared.push(performance.now() - started)
}
const comparing = await takeSamples(page)
await app.stop()

heading(
  `batch scores, ${runs} batches of ${total.toLocaleString('en-US')} labeled rows (Chromium ${app.version})`,
)
report({
  name: `a batch opened → its rows painted, the same openings, p50`,
  value: percentile(rows, 50),
  unit: 'ms',
  detail: `the batch's ${total.toLocaleString('en-US')} rows read a range at a time and drawn; the scores need none of them; max ${Math.max(...rows).toFixed(0)} ms`,
})
report({
  name: `a batch opened → its scores painted (${total.toLocaleString('en-US')} rows, 3 questions), p50`,
  value: percentile(figures, 50),
  unit: 'ms',
  goal: { atMost: 300 },
  detail: `max ${Math.max(...figures).toFixed(0)} ms over ${figures.length} openings of ${runs} batches; from the choice's input event to the frame that shows them`,
})
report({
  name: `a batch opened the first time (its answers read from the history) → its scores painted, p50`,
  value: percentile(firstFigures, 50),
  unit: 'ms',
  goal: { atMost: 300 },
  detail: `the ${runs} batches in turn: ${firstFigures.map((one) => one.toFixed(0)).join(', ')} ms`,
})
report({
  name: 'main held, longest, opening the batches',
  value: openingHold.ms,
  unit: 'ms',
  goal: { atMost: 16 },
  detail: `a batch's rows are read a range at a time in the data worker; ${heldDetail(openingHold)}`,
})
report({
  name: `a batch opened → its scores' bootstrap intervals painted, p50`,
  value: percentile(intervals, 50),
  unit: 'ms',
  detail: `1,000 resamples of each question's rows, in a worker; max ${Math.max(...intervals).toFixed(0)} ms`,
})
report({
  name: 'longest task in the page opening the scores',
  value: Math.max(0, ...opening.longTasks),
  unit: 'ms',
  goal: { atMost: 50 },
})
report({
  name: `two other runs chosen → ${runs} models side by side painted (${total.toLocaleString('en-US')} rows each), p50`,
  value: percentile(compared, 50),
  unit: 'ms',
  goal: { atMost: 300 },
  detail: `the first ${(compared[0] ?? 0).toFixed(0)} ms (the two batches' answers read from the history; later, as kept by the page), then scored and compared in the worker`,
})
report({
  name: 'longest task in the page comparing the models',
  value: Math.max(0, ...comparing.longTasks),
  unit: 'ms',
  goal: { atMost: 50 },
})
report({
  name: 'a question scored or not → its scores painted, p95',
  value: percentile(changes, 95),
  unit: 'ms',
  goal: { atMost: 300 },
  detail: `p50 ${percentile(changes, 50).toFixed(0)} ms, ${changes.length} changes`,
})
