// Models side by side: one set run with two models and again with the first (the second with other instructions),
// scored against the first run's expected answers; the plot, the agreement, and the baseline kept from one run.
import { expect, screenshot, test } from './fixtures/app.ts'
import { violationsOn } from './fixtures/axe.ts'
import { chooseModel } from './fixtures/model-field.ts'
import { runLabeled, scoredBatch } from './fixtures/scored-batch.ts'

test('puts this batch’s model beside other runs of the same rows: accuracy, cost, frontier, agreement', async ({
  app,
}) => {
  let { page } = app
  await scoredBatch(page)
  // The same file with the other decision model (and other instructions for urgent), then with the first again:
  // three runs of one set.
  for (const model of ['aurora/sight-decide', 'sysone/judge-1']) {
    await page.getByRole('tab', { name: 'Build and run' }).click()
    if (model === 'aurora/sight-decide')
      await page.getByLabel('Question 1 instructions').fill('Must it be answered today?')
    else await page.getByRole('button', { name: 'Undo' }).click()
    await page.getByRole('tab', { name: 'Batch' }).click()
    await page.getByRole('combobox', { name: 'Open a batch' }).selectOption({ label: 'New batch' })
    await chooseModel(page, model)
    await runLabeled(page)
  }
  // The picker keeps the focus as batches are chosen from it by keyboard, a new one too (its view is another).
  const picker = page.getByRole('combobox', { name: 'Open a batch' })
  await picker.focus()
  await page.keyboard.press('ArrowUp')
  await expect(page.getByRole('heading', { name: /^New batch of/ })).toBeVisible()
  await expect(picker).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(page.getByRole('region', { name: 'Models side by side' })).toBeVisible()
  await expect(picker).toBeFocused()
  const side = page.getByRole('region', { name: 'Models side by side' })
  const choices = side.getByRole('group', { name: 'Compare with' })
  await expect(choices.getByRole('checkbox')).toHaveCount(2)
  // Each other run says what it asked otherwise than this one.
  await expect(choices.getByRole('checkbox', { name: /^aurora\/sight-decide/ })).toHaveAccessibleName(
    / · asked otherwise: urgent: instructions$/,
  )
  await expect(choices.getByRole('checkbox', { name: /^sysone\/judge-1/ })).not.toHaveAccessibleName(
    /asked otherwise/,
  )
  await choices.getByRole('checkbox', { name: /^aurora\/sight-decide/ }).check()
  const table = side.getByRole('table', { name: 'Accuracy against cost' })
  await expect(table.getByRole('row')).toHaveCount(1 + 3 * 2)
  await expect(table).toContainText('aurora/sight-decide')
  await expect(table).toContainText('sysone/judge-1')
  // The cheaper model is on the frontier for every scored question; the agreement says how many rows differ.
  const judge = table.getByRole('row').filter({ hasText: 'sysone/judge-1' })
  await expect(judge.first()).toContainText('on the frontier')
  await expect(table).toContainText(
    /κ 0\.\d{3}, [a-z ]+ \(Cohen’s kappa: agreement beyond chance\) · \d+ rows differ/,
  )
  await expect(table).toContainText(/\d+\.\d% \(\d+\.\d%–\d+\.\d%, 60 rows\)/)
  // Each model's own best threshold for the yes or no question, with its accuracy there.
  for (const name of ['aurora/sight-decide', 'sysone/judge-1'])
    await expect(
      table.getByRole('row').filter({ hasText: name }).first().getByRole('cell').nth(2),
    ).toHaveText(/^\d(\.\d+)? · accuracy \d+\.\d%$/)
  // The choice in words: the cheaper model first, then what the dearer one gives for its cost.
  await expect(side.getByText(/^urgent · Read yes from 0\.5\. Cheapest on the frontier: /)).toContainText(
    /sysone\/judge-1 \(this run\), \d+\.\d% right for \$\d\.\d{4} per 1,000 rows\./,
  )
  await expect(
    side.getByRole('img', { name: /^Accuracy against cost per 1,000 rows of urgent: / }),
  ).toContainText('')
  await expect(
    side
      .getByRole('img', { name: /sysone\/judge-1[^:]*: \d+\.\d% for \$\d\.\d{4}, on the frontier/ })
      .first(),
  ).toBeVisible()
  // A third run: Fleiss' kappa over the three, by keyboard.
  await choices.getByRole('checkbox', { name: /^sysone\/judge-1/ }).focus()
  await page.keyboard.press('Space')
  await expect(table.getByRole('row')).toHaveCount(1 + 3 * 3)
  await expect(table).toContainText(
    /κ (0\.\d{3}|1\.000), [a-z ]+ \(Fleiss’ kappa: agreement beyond chance\) · \d+ rows differ/,
  )
  // The two runs of one model with one questionnaire answer alike: one point, named once for both.
  await expect(
    side.getByRole('img', { name: /^Accuracy against cost per 1,000 rows of urgent: / }),
  ).toContainText('judge-1 (2 runs)')
  // The runs chosen stay with the batch: through labeling its rows, and another screen and back.
  await page.getByRole('button', { name: 'Label rows' }).click()
  await page.getByRole('button', { name: 'Done labeling' }).click()
  await expect(table.getByRole('row')).toHaveCount(1 + 3 * 3)
  await page.getByRole('link', { name: 'Models' }).click()
  await page.getByRole('link', { name: 'Decisions' }).click()
  await expect(choices.getByRole('checkbox', { name: /^aurora\/sight-decide/ })).toBeChecked()
  await expect(table.getByRole('row')).toHaveCount(1 + 3 * 3)
  await side.getByRole('img').first().scrollIntoViewIfNeeded()
  await screenshot(page, 'models-side-by-side-light')
  await expect.poll(() => violationsOn(page, 'models side by side'), { timeout: 20_000 }).toEqual([])

  // What a wrong answer costs is set once for the questionnaire: every run of it is scored with it.
  const costs = () =>
    page
      .getByRole('region', { name: 'Scores of urgent' })
      .getByRole('group', { name: 'What a wrong answer to “urgent” costs you' })
  await costs().getByLabel('A wrong yes').fill('5')
  await costs().getByLabel('A wrong no').fill('1')

  // This run kept as the questionnaire's baseline; the other model's run says what changed since.
  const baseline = page.getByRole('region', { name: 'Baseline' })
  await baseline.getByRole('button', { name: 'Keep as the baseline' }).click()
  await expect(baseline.getByRole('button', { name: 'Kept as the baseline' })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  // The button keeps the focus while the choice is kept.
  await expect(baseline.getByRole('button', { name: 'Kept as the baseline' })).toBeFocused()
  // Newest first: this run, then the other model's.
  await page.getByRole('combobox', { name: 'Open a batch' }).selectOption({ index: 2 })
  await expect(baseline).toContainText('The baseline: sysone/judge-1')
  // It says what its questionnaire asked otherwise (this run's instructions for urgent were edited).
  await expect(baseline).toContainText(/, asked otherwise: urgent: instructions\. Below, what this run does/)
  await expect(costs().getByLabel('A wrong yes')).toHaveValue('5')
  await expect(costs().getByLabel('A wrong no')).toHaveValue('1')
  await expect(page.getByRole('region', { name: 'Scores of urgent' })).toContainText(
    /Best threshold \(least cost\)/,
  )
  await expect(baseline).toContainText(
    /Against the baseline: every score is within its interval|This run’s scores outside the baseline’s interval/,
    { timeout: 30_000 },
  )
  await expect(baseline.getByRole('button', { name: 'Keep as the baseline' })).toHaveAttribute(
    'aria-pressed',
    'false',
  )
  // Read at another threshold than the baseline was run at, it says so: the baseline is read at this run's.
  const urgentScores = page.getByRole('region', { name: 'Scores of urgent' })
  const readAt = urgentScores.getByRole('button', { name: /^Read yes from / })
  const at = (await readAt.textContent())?.replace('Read yes from ', '') ?? ''
  await readAt.click()
  await expect(baseline).toContainText(
    `The baseline is read here at this run’s thresholds, not at the ones it was run with — urgent: yes from ${at} here, run at 0.5.`,
  )
  await urgentScores.getByRole('button', { name: 'Back to the run’s threshold' }).click()
  await expect(baseline).not.toContainText('not at the ones it was run with')
  // The costs are kept for the questionnaire across a restart.
  page = await app.restart()
  await page.getByRole('link', { name: 'Decisions' }).click()
  await page.getByRole('tab', { name: 'Batch' }).click()
  await page.getByRole('combobox', { name: 'Open a batch' }).selectOption({ index: 2 })
  await expect(costs().getByLabel('A wrong yes')).toHaveValue('5')
  await expect(costs().getByLabel('A wrong no')).toHaveValue('1')
  const kept = page.getByRole('region', { name: 'Baseline' })
  await expect(kept).toContainText('The baseline: sysone/judge-1')
  await kept.scrollIntoViewIfNeeded()
  await screenshot(page, 'evaluation-baseline')
  await expect.poll(() => violationsOn(page, 'since the baseline'), { timeout: 20_000 }).toEqual([])

  // The baseline deleted, after asking: the run it was compared with says it has none, and its address says it is
  // gone rather than showing what it was.
  const opened = page.getByRole('combobox', { name: 'Open a batch' })
  await opened.selectOption({ index: 1 })
  await expect(page.getByRole('region', { name: 'Baseline' })).toContainText('Kept as the baseline')
  const address = await page.evaluate(
    () => (globalThis as unknown as { location: { hash: string } }).location.hash,
  )
  const progress = page.getByRole('region', { name: 'Batch progress' })
  await progress.getByRole('button', { name: 'Delete' }).click()
  const asked = page.getByRole('dialog')
  await expect(asked).toContainText('It is its questionnaire’s baseline: its other runs will have none.')
  await screenshot(page, 'batch-delete-asked')
  await asked.getByRole('button', { name: 'Keep' }).click()
  await expect(progress).toBeVisible()
  await progress.getByRole('button', { name: 'Delete' }).click()
  await asked.getByRole('button', { name: 'Delete batch' }).click()
  await expect(page.getByRole('heading', { name: /^New batch of/ })).toBeVisible()
  await expect(opened.getByRole('option')).toHaveCount(3)
  await opened.selectOption({ index: 2 })
  await expect(page.getByRole('region', { name: 'Baseline' })).toContainText(
    'No run of this questionnaire is kept as its baseline yet.',
  )
  await page.evaluate((hash) => {
    ;(globalThis as unknown as { location: { hash: string } }).location.hash = hash
  }, address)
  await expect(page.getByText('That batch is not in the history any more.')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Batch progress' })).toHaveCount(0)
  await expect(page.getByRole('region', { name: 'Scores', exact: true })).toHaveCount(0)
})
