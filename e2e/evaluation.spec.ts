// A CSV batch scored against the expected answers in its own columns: the columns found by name, each question's
// figures, a confusion cell listing its rows, the least sure rows first; at both window sizes, in both themes.
import { expect, screenshot, test } from './fixtures/app.ts'
import { violationsOn } from './fixtures/axe.ts'
import { scoredBatch } from './fixtures/scored-batch.ts'

test('a CSV batch is scored against its expected columns, and a confusion cell lists its rows', async ({
  app,
}) => {
  const { page } = app
  const scores = await scoredBatch(page)
  // The scores stand below the rows: a button by the batch's name takes the focus there.
  await page.getByRole('button', { name: 'Go to the scores' }).click()
  const scoresHeading = scores.getByRole('heading', { name: 'Scores against expected answers' })
  await expect(scoresHeading).toBeFocused()
  await expect(scoresHeading).toBeInViewport()
  // The palette finds them by what a person looks for there, as the button does.
  await page.getByRole('combobox', { name: 'Open a batch' }).focus()
  await page.keyboard.press('Control+k')
  await page.getByRole('combobox', { name: 'Search screens, actions and items' }).fill('threshold')
  await page.keyboard.press('Enter')
  await expect(scoresHeading).toBeFocused()
  await expect(scoresHeading).toBeInViewport()
  // The file's columns named as questions are told apart from the answers in the rows' header.
  const headers = page.getByRole('table', { name: 'Batch rows' }).getByRole('columnheader')
  await expect(headers.filter({ hasText: /^urgent/ })).toHaveText(['urgent (in the file)', /^urgent$/])
  // `team` is found by its name; `urgent` too; `sentiment` has no column.
  await expect(scores.getByLabel('Expected “team”')).toHaveValue('2')
  await expect(scores.getByLabel('Expected “urgent”')).toHaveValue('1')
  await expect(scores.getByLabel('Expected “sentiment”')).toHaveValue('-1')
  // Of the labels given in the app, each question is offered its own.
  const offered = scores.getByLabel('Expected “team”').getByRole('option')
  await expect(offered.filter({ hasText: /^labeled here/ })).toHaveText(['labeled here: team'])
  const urgent = scores.getByRole('region', { name: 'Scores of urgent' })
  const team = scores.getByRole('region', { name: 'Scores of team' })
  await expect(urgent).toContainText('60 rows with an expected answer')
  await expect(urgent).toContainText(/Accuracy at 0\.5\d+\.\d% \(\d+\.\d%–\d+\.\d%\)/)
  await expect(urgent).toContainText(/ROC AUC0\.\d{3}/)
  await expect(urgent).toContainText(
    /Cost · time per row\$\d\.\d{6} · \d+\.\d{2} sTime per right answer\d+\.\d{2} s/,
  )
  await expect(urgent.getByRole('img', { name: /^Reliability of the probability of yes: / })).toBeVisible()
  // What a wrong answer costs picks the threshold of least cost instead of by F1.
  await expect(urgent).toContainText(/Best threshold \(by F1\)\d(\.\d+)? · F1/)
  // The best threshold is used in one step: the scores are read at it, and so is the questionnaire in Build.
  const read = urgent.getByRole('button', { name: /^Read yes from \d(\.\d+)?$/ })
  const best = (await read.textContent())?.replace('Read yes from ', '') ?? ''
  const atBest = /At that thresholdaccuracy (\d+\.\d%)/.exec((await urgent.textContent()) ?? '')?.[1] ?? ''
  // Saved first, Build and run then says the threshold taken has changed it.
  const kept = page.locator('.library').getByRole('status')
  await page.getByRole('tab', { name: 'Build and run' }).click()
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(kept).toHaveText('Saved as version 1')
  await page.getByRole('tab', { name: 'Batch' }).click()
  await read.click()
  await expect(urgent).toContainText(`Accuracy at ${best}${atBest} (`)
  // Said beside the button, where the person is.
  await expect(urgent.getByRole('status')).toContainText(
    `“urgent” now reads yes from ${best}, here and in the questionnaire open in Build and run`,
  )
  await expect(read).toHaveCount(0)
  // The button gone, the focus stays beside it, on the way back.
  const back = urgent.getByRole('button', { name: 'Back to the run’s threshold' })
  await expect(back).toBeFocused()
  await page.getByRole('tab', { name: 'Build and run' }).click()
  await expect(page.getByLabel('Yes from')).toHaveValue(best)
  await expect(kept).toHaveText('Changed since version 1: not saved')
  await page.getByRole('tab', { name: 'Batch' }).click()
  await back.click()
  await expect(urgent).toContainText(/Accuracy at 0\.5\d+\.\d% \(/)
  await expect(read).toBeFocused()
  await page.getByRole('tab', { name: 'Build and run' }).click()
  await expect(page.getByLabel('Yes from')).toHaveValue('')
  await expect(kept).toHaveText('Saved as version 1')
  await page.getByRole('tab', { name: 'Batch' }).click()
  const costs = urgent.getByRole('group', { name: 'What a wrong answer to “urgent” costs you' })
  // A cost that is not a number is marked, and said what to write.
  await costs.getByLabel('A wrong yes').fill('1,5')
  await expect(costs.getByLabel('A wrong yes')).toHaveAttribute('aria-invalid', 'true')
  await expect(costs.getByRole('alert')).toHaveText(
    'The cost of a wrong yes is not a number of 0 or more: write one, with a point for a fraction (1.5), in one unit. Until then the best threshold is by F1.',
  )
  await costs.getByLabel('A wrong yes').fill('5')
  await expect(costs.getByLabel('A wrong yes')).not.toHaveAttribute('aria-invalid')
  await costs.getByLabel('A wrong no').fill('1')
  await expect(urgent).toContainText(
    /Best threshold \(least cost\)[\d.]+ · cost \d+ \(\d+ wrong yes, \d+ wrong no\)/,
  )
  await expect(urgent).toContainText(/At that thresholdaccuracy \d+\.\d% · precision/)
  // Beside it, what the errors cost at the threshold read now: the best is never dearer.
  const text = (await urgent.textContent()) ?? ''
  const now = /Cost of errors at 0\.5(\d+) \(\d+ wrong yes, \d+ wrong no\)/.exec(text)?.[1]
  const least = /Best threshold \(least cost\)[\d.]+ · cost (\d+)/.exec(text)?.[1]
  expect(Number(least)).toBeLessThanOrEqual(Number(now))
  await expect(scores.getByRole('region', { name: 'Scores of sentiment' })).toHaveCount(0)
  await expect(team).toContainText(/Precision · recall of “billing”\d+\.\d% · \d+\.\d%/)

  // The misleading tickets (every seventh) are where the model errs: a wrong cell lists them.
  const confusion = team.getByRole('table', { name: 'Confusion of team' })
  const wrong = confusion.getByRole('button', { name: /rows expected shipping, answered billing/ })
  await expect(wrong).toBeVisible()
  const count = Number(await wrong.textContent())
  await wrong.click()
  await expect(wrong).toHaveAttribute('aria-pressed', 'true')
  const rows = team.getByRole('list', { name: 'Rows of team' }).getByRole('listitem')
  await expect(rows).toHaveCount(count)
  await expect(rows.first()).toContainText(
    /Wrong line \d+: answered billing \(probability \d+\.\d%\), expected shipping/,
  )
  await screenshot(page, 'evaluation-light')

  // Labeling shows the file's expected answer beside the model's, where the file has a column for the question.
  await scores.getByRole('button', { name: 'Label rows' }).click()
  const card = page.getByRole('group', { name: /^Row 1 of 60$/ })
  await expect(card).toContainText(/urgent\s*model: (yes|no)\s*· file: (yes|no)/)
  await expect(card).toContainText(/team\s*model: \w+\s*· file: (billing|shipping)/)
  await expect(card).not.toContainText(/sentiment\s*model: \w+\s*· file/)
  await page.getByRole('button', { name: 'Done labeling' }).click()

  // Not scoring a question takes its figures away; picking its column again brings them back.
  await scores.getByLabel('Expected “urgent”').selectOption({ label: 'Not scored' })
  await expect(urgent).toHaveCount(0)
  // A column whose answers are none of the question's says so, and shows no figure of no rows.
  await scores.getByLabel('Expected “urgent”').selectOption({ label: 'team' })
  await expect(urgent).toContainText('60 expected answers do not read and were left out')
  await expect(urgent.getByText(/^Accuracy at/)).toBeHidden()
  await expect(scores).not.toContainText('NaN')
  await scores.getByLabel('Expected “urgent”').selectOption({ label: 'urgent' })
  await expect(urgent).toContainText('60 rows with an expected answer')

  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    for (const size of [
      { width: 900, height: 600 },
      { width: 1920, height: 1080 },
    ]) {
      await page.setViewportSize(size)
      // The rows' headings wrap rather than cut a word ("urgent (in the file)" in a narrow column).
      const cutHeadings = await headers.evaluateAll((cells) =>
        cells
          .flatMap((cell) => [cell, ...cell.querySelectorAll('button')])
          .filter((shown) => shown.scrollWidth > shown.clientWidth)
          .map((shown) => shown.textContent),
      )
      expect(cutHeadings, `${size.width}, ${scheme}`).toEqual([])
      await headers.first().scrollIntoViewIfNeeded()
      await screenshot(page, `evaluation-rows-${size.width}-${scheme}`)
      await urgent.scrollIntoViewIfNeeded()
      await screenshot(page, `evaluation-${size.width}-${scheme}`)
    }
    await expect.poll(() => violationsOn(page, `the scores, ${scheme}`), { timeout: 20_000 }).toEqual([])
  }
})

test('labels 200 rows by keyboard alone, each saved at once, and the scores read them after a restart', async ({
  app,
}) => {
  test.setTimeout(180_000)
  let { page } = app
  await page.getByRole('link', { name: 'Decisions' }).click()
  await page.getByRole('combobox', { name: 'Start from a template' }).selectOption('Support ticket triage')
  await page.getByRole('tab', { name: 'Batch' }).click()
  const lines = Array.from({ length: 200 }, (_, n) =>
    n % 3
      ? `Ticket ${n + 1}: where is my parcel? no time pressure`
      : `Ticket ${n + 1}: outage, refund me now`,
  )
  await page.getByLabel('Batch inputs').fill(lines.join('\n'))
  await page.getByLabel('Requests at once').fill('8')
  await page.getByRole('button', { name: 'Run on 200 inputs' }).click()
  await expect(page.getByRole('region', { name: 'Batch progress' }).getByText('Finished')).toBeVisible({
    timeout: 60_000,
  })
  await page.keyboard.press('Control+k')
  await page.getByRole('combobox', { name: 'Search screens, actions and items' }).fill('label')
  await expect(page.getByRole('option', { name: /^Label the batch’s rows/ })).toBeVisible()
  await page.keyboard.press('Enter')
  const labeling = page.getByRole('region', { name: 'Label rows' })
  await expect(labeling.getByRole('group', { name: 'Row 1 of 200' })).toBeFocused()
  // The first ten rows get answers of their own (urgent: yes, team: shipping, sentiment: angry); the rest take
  // the model's with Enter. Three questions a row, a key each.
  for (let row = 0; row < 200; row++) {
    if (row < 10) for (const key of ['y', '2', '0']) await page.keyboard.press(key)
    else for (let question = 0; question < 3; question++) await page.keyboard.press('Enter')
  }
  await expect(labeling.getByRole('status')).toHaveText('200 of 200 rows labeled on every question')
  // Backspace takes the last label back; Enter gives it again.
  await page.keyboard.press('Backspace')
  await expect(labeling.getByRole('status')).toHaveText(
    '199 of 200 rows labeled on every question · 1 more in part',
  )
  await expect(labeling.getByRole('listitem').filter({ hasText: 'not labeled' })).toHaveCount(1)
  await screenshot(page, 'labeling-light')
  // A button does what its key does, and the keys go on working after it.
  await labeling.getByRole('button', { name: 'Enter the model’s' }).click()
  await expect(labeling.getByRole('status')).toHaveText('200 of 200 rows labeled on every question')
  await expect(labeling.getByRole('group', { name: /^Row \d+ of 200$/ })).toBeFocused()
  await expect.poll(() => violationsOn(page, 'labeling rows'), { timeout: 20_000 }).toEqual([])
  // Escape ends labeling, and the focus goes back to what opened it.
  await page.keyboard.press('Escape')
  await expect(page.getByRole('button', { name: 'Label rows' })).toBeFocused()

  page = await app.restart()
  await page.getByRole('link', { name: 'Decisions' }).click()
  await page.getByRole('tab', { name: 'Batch' }).click()
  await page.getByRole('combobox', { name: 'Open a batch' }).selectOption({ index: 1 })
  const scores = page.getByRole('region', { name: 'Scores', exact: true })
  await expect(scores).toContainText('200 rows have a label')
  // A label given before is given again: ↓ to a row labeled whole, → twice to its second question, a key.
  await scores.getByRole('button', { name: 'Label rows' }).click()
  const again = page.getByRole('region', { name: 'Label rows' })
  await expect(again.getByRole('group', { name: 'Row 1 of 200' })).toBeFocused()
  await page.keyboard.press('ArrowDown')
  const second = again.getByRole('group', { name: 'Row 2 of 200' })
  await expect(second).toBeFocused()
  const team = second.getByRole('listitem').filter({ hasText: /^team/ })
  // A row labeled whole has no question highlighted: a key changes nothing until one is picked.
  await page.keyboard.press('y')
  await expect(second.locator('[aria-current="step"]')).toHaveCount(0)
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('ArrowRight')
  await expect(team).toHaveAttribute('aria-current', 'step')
  await page.keyboard.press('3')
  await expect(team).toContainText('labeled account')
  await expect(again.getByRole('status')).toHaveText('200 of 200 rows labeled on every question')
  await expect(second).toBeFocused()
  await page.keyboard.press('Escape')
  // Without a column of the file, each question is scored against its labels.
  await expect(scores.getByLabel('Expected “urgent”')).toHaveValue('0')
  for (const question of ['urgent', 'team', 'sentiment'])
    await expect(scores.getByRole('region', { name: `Scores of ${question}` })).toContainText(
      '200 rows with an expected answer',
    )
  // A score's answers against the levels expected, a bar and a mean for each.
  await expect(
    scores.getByRole('region', { name: 'Scores of sentiment' }).getByRole('img', {
      name: /^Scores given against expected levels: expected \d: mean \d\.\d\d \(\d+ rows\)/,
    }),
  ).toBeVisible()
})
