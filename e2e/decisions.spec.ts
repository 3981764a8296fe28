// The decision builder: a questionnaire with one question of each kind, built by clicking, run on the
// sandbox, answered on screen.
import { readFile } from 'node:fs/promises'
import { chooseModel, expect, screenshot, test } from './fixtures/app.ts'

test('builds a yes/no, a choice and a score question, runs them, reads the three answers, and finds them after a restart', async ({
  app,
}) => {
  const { page } = app
  await page.getByRole('link', { name: 'Decisions' }).click()
  await expect(page.getByText('No questions yet')).toBeVisible()
  await expect(page.getByText('Add a question to run.')).toBeVisible()

  await page.getByRole('button', { name: 'Add yes/no question' }).click()
  const first = page.getByRole('article', { name: 'Question 1' })
  await first.getByLabel('Question 1 name').fill('angry')
  await first.getByLabel('Question 1 instructions').fill('Is the customer upset?')
  await first.getByLabel('Yes means').fill('customer angry furious upset')
  await first.getByLabel('No means').fill('customer happy calm pleased')

  await page.getByRole('button', { name: 'Add choice question' }).click()
  const second = page.getByRole('article', { name: 'Question 2' })
  // Nothing is marked in red in a question just added: what it needs is said in words.
  await expect(page.getByText('Give the new question a name and instructions to run.')).toBeVisible()
  await second.getByLabel('Question 2 name').fill('angry')
  // A shared name is flagged on both questions, numbered as on screen, and the name fields are outlined.
  await expect(second.getByText('“angry” is also the name of question 1.', { exact: false })).toBeVisible()
  await expect(first.getByText('“angry” is also the name of question 2.', { exact: false })).toBeVisible()
  await expect(first.getByLabel('Question 1 name')).toHaveAttribute('aria-invalid', 'true')
  await expect(second.getByLabel('Choice 1 value')).toHaveAttribute('aria-invalid', 'true')
  await expect(second.getByText('Choice 1 has no value.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Run' })).toBeDisabled()
  await expect(page.getByText('Fix the questions marked in red to run.')).toBeVisible()
  await second.getByLabel('Question 2 name').fill('topic')
  await expect(first.getByLabel('Question 1 name')).not.toHaveAttribute('aria-invalid', 'true')
  await second.getByLabel('Question 2 instructions').fill('What is the message about?')
  // The builder's own undo and redo, from the keyboard, in a text field too: one field's typing is one step.
  await second.getByLabel('Question 2 instructions').press('Control+z')
  await expect(second.getByLabel('Question 2 instructions')).toHaveValue('')
  await expect(second.getByLabel('Question 2 name')).toHaveValue('topic')
  await second.getByLabel('Question 2 instructions').press('Control+Shift+z')
  await expect(second.getByLabel('Question 2 instructions')).toHaveValue('What is the message about?')
  await second.getByRole('button', { name: 'Paste a list' }).click()
  await second
    .getByLabel('Choices, one per line')
    .fill('billing: invoice refund payment charge\nshipping: delivery package courier')
  await second.getByRole('button', { name: 'Add these choices' }).click()
  await expect(second.getByLabel('Choice 2 value')).toHaveValue('shipping')

  await page.getByRole('button', { name: 'Add score question' }).click()
  const third = page.getByRole('article', { name: 'Question 3' })
  await third.getByLabel('Question 3 name').fill('urgency')
  await third.getByLabel('Question 3 instructions').fill('How urgent is it?')
  await third.getByLabel('Level 1 label').fill('medium')
  await third.getByRole('button', { name: 'Add level' }).click()
  await third.getByLabel('Level 2 label').fill('high')
  await third.getByLabel('Level 2 description').fill('overdue angry immediately')

  await page
    .getByLabel('Content to evaluate')
    .fill('The invoice is overdue, I was charged twice and I am furious. Refund me immediately.')
  // Ctrl+Enter runs once Run can (the first catalog can still be loading on a busy machine).
  await expect(page.getByRole('button', { name: 'Run' })).toBeEnabled()
  await page.keyboard.press('Control+Enter')
  const answers = page.getByRole('region', { name: 'Answers' })
  await expect(answers.getByRole('article', { name: 'Answer: angry' })).toContainText(/Yes · \d+% yes/)
  await expect(
    answers.getByRole('article', { name: 'Answer: topic' }).getByRole('listitem').first(),
  ).toContainText('billing')
  await expect(answers.getByRole('article', { name: 'Answer: urgency' })).toContainText(
    /(low|medium|high) · score \d\.\d\d of 2/,
  )
  await expect(answers).toContainText('this model bills input tokens only')
  await screenshot(page, 'decisions-answers-light')
  await page.emulateMedia({ colorScheme: 'dark' })
  await screenshot(page, 'decisions-answers-dark')

  const viewRequest = page.getByRole('button', { name: 'View request' })
  await viewRequest.click()
  await expect(page.getByText('"model": "sysone/judge-1"').first()).toBeVisible()
  await expect(page.getByText(/curl http:\/\/127\.0\.0\.1:\d+\/v1\/decisions/)).toBeVisible()
  // Escape closes it and gives the focus back to the button.
  await page.keyboard.press('Escape')
  await expect(page.getByRole('region', { name: 'Request' })).toHaveCount(0)
  await expect(viewRequest).toBeFocused()
  // Beside Save, whether the questionnaire is the one saved: an edit says so until it is saved or undone.
  const kept = page.locator('.library').getByRole('status')
  await expect(kept).toHaveText('Not saved')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(kept).toHaveText('Saved as version 1')
  const questionName = page.getByRole('article', { name: 'Question 3' }).getByLabel('Question 3 name')
  await questionName.fill('urgency level')
  await expect(kept).toHaveText('Changed since version 1: not saved')
  await questionName.fill('urgency')
  await expect(kept).toHaveText('Saved as version 1')
  await page.getByRole('combobox', { name: 'Start from a template' }).selectOption('Support ticket triage')
  await expect(page.getByRole('textbox', { name: 'Questionnaire name' })).toHaveValue('Support ticket triage')
  await page
    .getByRole('combobox', { name: 'Open a saved questionnaire' })
    .selectOption({ label: 'Untitled questionnaire (v1)' })
  await expect(page.getByRole('article', { name: 'Question 3' }).getByLabel('Question 3 name')).toHaveValue(
    'urgency',
  )

  // Opening was one step: undo goes back to the template, redo to the opened questionnaire.
  const name = page.getByRole('textbox', { name: 'Questionnaire name' })
  await page.getByRole('button', { name: 'Undo' }).click()
  await expect(name).toHaveValue('Support ticket triage')
  await page.getByRole('button', { name: 'Redo' }).click()
  await expect(name).toHaveValue('Untitled questionnaire')

  // The questionnaire being built comes back after a restart; a batch can run a saved one instead.
  const restarted = await app.restart()
  await restarted.getByRole('link', { name: 'Decisions' }).click()
  await expect(
    restarted.getByRole('article', { name: 'Question 3' }).getByLabel('Question 3 name'),
  ).toHaveValue('urgency')
  await restarted
    .getByRole('combobox', { name: 'Start from a template' })
    .selectOption('Support ticket triage')
  await restarted.getByRole('tab', { name: 'Batch' }).click()
  const setup = restarted.getByRole('region', { name: 'New batch' })
  await expect(setup.getByRole('heading', { name: 'New batch of “Support ticket triage”' })).toBeVisible()
  await setup
    .getByRole('combobox', { name: 'Questionnaire' })
    .selectOption({ label: 'Untitled questionnaire (saved, version 1)' })
  await expect(setup.getByRole('heading', { name: 'New batch of “Untitled questionnaire”' })).toBeVisible()
})

test('explains why the dedicated model cannot read an image, and runs the vision model on it', async ({
  app,
}) => {
  const { page } = app
  await page.getByRole('link', { name: 'Decisions' }).click()
  await page.getByRole('button', { name: 'Add yes/no question' }).click()
  await page.getByLabel('Question 1 instructions').fill('Is there a car in the picture?')
  await page.getByRole('radio', { name: 'Messages with images' }).check()
  await page.getByLabel('Text of message 1').fill('A photo from the street')
  // A real 1×1 PNG, dropped in through the file picker.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYPj/HwADAgH/p+FUUQAAAABJRU5ErkJggg==',
    'base64',
  )
  await page
    .getByRole('group', { name: 'Add an image' })
    .locator('input[type=file]')
    .setInputFiles({ name: 'street.png', mimeType: 'image/png', buffer: png })
  await expect(page.getByRole('img', { name: 'street.png' })).toBeVisible()
  await expect(page.getByRole('alert')).toContainText('reads text and JSON only')
  await expect(page.getByRole('button', { name: 'Run' })).toBeDisabled()
  // Looking for another model: a word of a model's description finds it too ("dedicated" is Judge 1's only).
  const field = page.getByRole('combobox', { name: 'Model' })
  await field.fill('dedicated')
  await expect(page.getByRole('listbox', { name: 'Model' }).getByRole('option')).toHaveText([
    /sysone\/judge-1/,
  ])
  await field.press('Escape')
  await chooseModel(page, 'aurora/sight-decide')
  await page.getByRole('button', { name: 'Run' }).click()
  await expect(
    page.getByRole('region', { name: 'Answers' }).getByRole('article', { name: 'Answer: Question 1' }),
  ).toContainText(/% yes/)
  await screenshot(page, 'decisions-image-input-light')
})

test('runs a batch of 50, cancels it midway, resumes it, and sorts and filters the results', async ({
  app,
}) => {
  const { page } = app
  await page.getByRole('link', { name: 'Decisions' }).click()
  await page.getByRole('combobox', { name: 'Start from a template' }).selectOption('Support ticket triage')
  // Slow the sandbox down (50 rows, two at a time: about 10 s) so the batch is still running when it is
  // cancelled, however late a loaded machine shows the first answers.
  const sandboxUrl = (await page.getByText(/^http:\/\/127\.0\.0\.1:\d+$/).textContent()) ?? ''
  await page.request.post(`${sandboxUrl}/__sandbox/faults`, { data: { latencyMs: 400 } })

  await page.getByRole('tab', { name: 'Batch' }).click()
  const lines = Array.from({ length: 50 }, (_, i) =>
    i % 3 === 0 ? `Ticket ${i}: I was charged twice, refund me now!` : `Ticket ${i}: where is my package?`,
  )
  await page.getByLabel('Batch inputs').fill(lines.join('\n'))
  await expect(page.getByText('50 inputs', { exact: true })).toBeVisible()
  await page.getByLabel('Requests at once').fill('2')
  await page.getByRole('button', { name: 'Run on 50 inputs' }).click()

  const progress = page.getByRole('region', { name: 'Batch progress' })
  await expect(progress.getByText(/^([4-9]|[1-4]\d) answered$/)).toBeVisible()
  await progress.getByRole('button', { name: 'Cancel batch' }).click()
  await expect(progress.getByText('Cancelled — resume to run the rows left')).toBeVisible()
  const waiting = Number((await progress.getByText(/ waiting$/).textContent())?.split(' ')[0])
  expect(waiting).toBeGreaterThan(0)

  await page.request.post(`${sandboxUrl}/__sandbox/faults`, { data: { latencyMs: 0 } })
  await progress.getByRole('button', { name: 'Resume' }).click()
  await expect(progress.getByText('Finished')).toBeVisible()
  await expect(progress.getByText('50 answered')).toBeVisible()
  await expect(progress.getByText('0 failed')).toBeVisible()

  const results = page.getByRole('region', { name: 'Batch results' })
  await expect(results.getByText('50 of 50 rows')).toBeVisible()
  await results.getByRole('combobox', { name: 'Filter by' }).selectOption({ index: 0 })
  const answer = results.getByRole('combobox', { name: 'Answer is' })
  const options = await answer.locator('option').allTextContents()
  expect(options.length).toBeGreaterThan(1)
  await answer.selectOption(options[1] ?? '')
  const shown = Number((await results.getByText(/ of 50 rows$/).textContent())?.split(' ')[0])
  expect(shown).toBeGreaterThan(0)
  expect(shown).toBeLessThanOrEqual(50)
  await answer.selectOption('any')
  await results.getByRole('button', { name: 'Cost' }).click()
  await expect(results.getByRole('button', { name: 'Cost ↑' })).toBeVisible()
  await screenshot(page, 'decisions-batch-light')
  await page.emulateMedia({ colorScheme: 'dark' })
  await screenshot(page, 'decisions-batch-dark')
  // A new batch starts from the inputs and settings of the last one set up: the same rows on another model.
  await page.getByRole('combobox', { name: 'Open a batch' }).selectOption({ label: 'New batch' })
  await expect(page.getByLabel('Batch inputs')).toHaveValue(lines.join('\n'))
  await expect(page.getByLabel('Requests at once')).toHaveValue('2')
})

test('keeps runs, and compares two runs side by side', async ({ app }) => {
  const { page } = app
  await page.getByRole('link', { name: 'Decisions' }).click()
  await page.getByRole('combobox', { name: 'Start from a template' }).selectOption('Support ticket triage')
  const sentiment = page.getByRole('article', { name: 'Question 3' })
  await sentiment.getByLabel('Level 1 label').fill('unhappy and disappointed')
  await sentiment.getByLabel('Level 2 label').fill('neutral, matter of fact')
  await page.getByLabel('Content to evaluate').fill('My parcel never arrived.')
  await page.getByRole('button', { name: 'Run' }).click()
  await expect(page.getByRole('region', { name: 'Answers' })).toBeVisible()
  await chooseModel(page, 'aurora/sight-decide')
  await page.getByRole('button', { name: 'Run' }).click()
  await expect(page.getByRole('region', { name: 'Answers' })).toContainText('tokens billed')

  await page.getByRole('tab', { name: 'Runs' }).click()
  const runs = page.getByRole('region', { name: 'Runs' })
  // The answers of the first run stay on screen until the second one settles, so the list is the sign both are kept.
  await expect(runs.getByRole('checkbox')).toHaveCount(2)
  await runs.getByRole('checkbox').nth(0).check()
  await runs.getByRole('checkbox').nth(1).check()
  const compare = page.getByRole('region', { name: 'Selected runs' })
  await expect(compare.getByRole('article', { name: /^Run of / })).toHaveCount(2)
  await expect(compare).toContainText('sysone/judge-1')
  await expect(compare).toContainText('aurora/sight-decide')
  // The answers lined up question by question, in one table, those that differ said so.
  const table = compare.getByRole('table')
  await expect(table.getByRole('row')).toHaveCount(4)
  // Each run's column says when it ran and what it was asked about, the older run on the left.
  const asked = / My parcel never arrived\.$/
  const columns = await table.getByRole('columnheader').allTextContents()
  expect(columns).toEqual(['Question', expect.stringMatching(asked), expect.stringMatching(asked)])
  const ran = columns.slice(1).map((column) => Date.parse(column.replace(asked, '')))
  expect(ran[0]).toBeLessThanOrEqual(ran[1] ?? Number.NaN)
  await expect(table.getByRole('rowheader').first()).toBeVisible()
  await expect(table.locator('caption')).toHaveText(
    /^(Both runs answered alike\.|\d+ answers? differ, marked ≠\.)$/,
  )
  // The score scale's labels keep apart in a compare column, even in a narrow window.
  await page.setViewportSize({ width: 900, height: 600 })
  const boxes = await compare
    .locator('.score__scale')
    .first()
    .locator('.score__label')
    .evaluateAll((labels) =>
      labels.map((label) => label.getBoundingClientRect()).map((r) => [r.left, r.right]),
    )
  expect(boxes.length).toBeGreaterThan(1)
  for (let index = 1; index < boxes.length; index++)
    expect(boxes[index]?.[0] ?? 0).toBeGreaterThanOrEqual((boxes[index - 1]?.[1] ?? 0) - 0.5)
  // The score's own line sits below the level labels, not over them.
  const labelsBottom = Math.max(
    ...(await compare
      .locator('.score__scale')
      .first()
      .locator('.score__label')
      .evaluateAll((labels) => labels.map((label) => label.getBoundingClientRect().bottom))),
  )
  const valueTop = await compare
    .locator('.score__value')
    .first()
    .evaluate((value) => value.getBoundingClientRect().top)
  expect(valueTop).toBeGreaterThanOrEqual(labelsBottom)
  await page.setViewportSize({ width: 1280, height: 800 })
  await screenshot(page, 'decisions-compare-light')
})

test('runs a CSV on its text column, keeping every column of the file with the answers', async ({ app }) => {
  const { page } = app
  await page.getByRole('link', { name: 'Decisions' }).click()
  await page.getByRole('combobox', { name: 'Start from a template' }).selectOption('Support ticket triage')
  await page.getByRole('tab', { name: 'Batch' }).click()
  const setup = page.getByRole('region', { name: 'New batch' })
  await setup.getByText('CSV', { exact: true }).click()
  await setup
    .getByLabel('Batch inputs')
    .fill(
      'ticket,opened,message,plan\nT-1,2026-01-02,I was charged twice and want a refund,gold\nT-2,2026-01-03,Where is my parcel? It is late,basic\n',
    )
  await expect(setup.getByRole('combobox', { name: 'Input column' })).toHaveValue('2')
  const preview = setup.getByRole('region', { name: 'First rows of the file' })
  await expect(preview.getByRole('columnheader', { name: 'message (input)' })).toBeVisible()
  await expect(preview).toContainText('T-2')
  await setup.getByRole('button', { name: 'Run on 2 inputs' }).click()

  const results = page.getByRole('region', { name: 'Batch results' })
  await expect(results.getByText('2 of 2 rows')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Batch progress' }).getByText('2 answered')).toBeVisible()
  await expect(results.getByText('plan', { exact: true })).toBeVisible()
  await expect(results.getByText('gold', { exact: true })).toBeVisible()
  await expect(results.getByText('T-1', { exact: true })).toBeVisible()
})

test('exports the questionnaire being built as it stands at the click', async ({ app }) => {
  const { page } = app
  await page.getByRole('link', { name: 'Decisions' }).click()
  const title = page.getByRole('textbox', { name: 'Questionnaire name' })
  await title.fill('Exported triage')
  await page.getByRole('button', { name: 'Add yes/no question' }).click()
  await page.getByRole('textbox', { name: 'Question 1 name' }).fill('refund')
  const download = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Export' }).click()
  const saved = await download
  expect(saved.suggestedFilename()).toBe('Exported triage.gdq')
  const file = JSON.parse(await readFile(await saved.path(), 'utf8')) as {
    name: string
    questions: unknown[]
  }
  expect(file.name).toBe('Exported triage')
  expect(file.questions.length).toBeGreaterThan(0)
})

test('keeps a step made the moment before the app quits', async ({ app }) => {
  const { page } = app
  await page.getByRole('link', { name: 'Decisions' }).click()
  await page.getByRole('button', { name: 'Add yes/no question' }).click()
  await expect(page.getByRole('article', { name: 'Question 1' })).toBeVisible()
  // A question added, then the app quits at once.
  await page.getByRole('button', { name: 'Add score question' }).click()
  const restarted = await app.restart()
  await restarted.getByRole('link', { name: 'Decisions' }).click()
  await expect(restarted.getByRole('article', { name: 'Question 2' })).toBeVisible()
})

test('keeps typing done the moment before the app quits', async ({ app }) => {
  const { page } = app
  await page.getByRole('link', { name: 'Decisions' }).click()
  await page.getByRole('button', { name: 'Add yes/no question' }).click()
  const name = page.getByRole('article', { name: 'Question 1' }).getByLabel('Question 1 name')
  await expect(name).toBeVisible()
  // Typed, then the app quits before the typing would be kept on its own.
  await name.fill('Is it urgent?')
  const restarted = await app.restart()
  await restarted.getByRole('link', { name: 'Decisions' }).click()
  await expect(
    restarted.getByRole('article', { name: 'Question 1' }).getByLabel('Question 1 name'),
  ).toHaveValue('Is it urgent?')
})
