// The video board against the built-in sandbox: create a job by clicking, watch the webhook complete it,
// play it, filter the board, and survive a restart.
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { expect, screenshot, test } from './fixtures/app.ts'

test('creates a video job, sees it complete by webhook, and plays the result', async ({ app }) => {
  let page = app.page
  await page.getByRole('link', { name: 'Videos' }).click()
  await expect(page.getByText('No video jobs yet')).toBeVisible()
  await page.getByRole('button', { name: 'New video' }).click()
  const form = page.getByRole('form', { name: 'New video' })
  await expect(form.getByRole('combobox', { name: 'Model' })).not.toHaveValue('')
  await expect(form.getByRole('status', { name: 'Generation mode' })).toHaveText('Text to video')
  await form.getByLabel('Prompt').fill('A paper boat drifting down a rainy street')
  await form.getByLabel('Duration (s)').fill('4')
  await form.getByRole('combobox', { name: 'Resolution' }).selectOption('1080p')
  await expect(form.getByRole('status', { name: 'Estimated cost' })).toHaveText(/Estimated \$\d/)
  await form.getByLabel('Add a reference URL').fill('https://example.com/style.png')
  await form.getByRole('button', { name: 'Add URL (Add a reference)' }).click()
  await expect(form.getByRole('status', { name: 'Generation mode' })).toHaveText('Image references')
  await form.getByRole('button', { name: 'Remove style.png' }).click()
  await expect(form.getByRole('status', { name: 'Generation mode' })).toHaveText('Text to video')
  await screenshot(page, 'videos-create-light')
  await form.getByRole('button', { name: 'Create video' }).click()

  const detail = page.getByRole('complementary', { name: 'Job detail' })
  await expect(detail.getByText('A paper boat drifting down a rainy street')).toBeVisible()
  await expect(detail.getByText('Completed')).toBeVisible({ timeout: 15_000 })
  await expect(detail.getByLabel('Result video')).toBeVisible()
  // The player reads the clip as long as the 4 seconds billed.
  const seconds = await detail.getByLabel('Result video').evaluate(
    (video: HTMLVideoElement) =>
      new Promise<number>((resolve) => {
        if (video.error) return resolve(0)
        if (video.readyState >= 1) return resolve(video.duration)
        video.addEventListener('loadedmetadata', () => resolve(video.duration), { once: true })
        video.addEventListener('error', () => resolve(0), { once: true })
      }),
  )
  expect(seconds).toBeCloseTo(4, 0)
  await detail.getByRole('tab', { name: /Timeline/ }).click()
  await expect(detail.getByText(/Webhook video\.generation\.completed · verified/)).toBeVisible()
  await screenshot(page, 'videos-board-light')
  await page.emulateMedia({ colorScheme: 'dark' })
  await screenshot(page, 'videos-board-dark')

  await page.getByRole('radio', { name: 'Failed' }).click()
  await expect(page.getByText('No job matches these filters.')).toBeVisible()
  await page.getByRole('radio', { name: 'Completed' }).click()
  await expect(page.getByRole('list', { name: 'Video jobs' }).getByRole('listitem')).toHaveCount(1)

  await page.emulateMedia({ colorScheme: 'light' })
  await page.getByRole('button', { name: 'Webhooks' }).click()
  const webhooks = page.getByRole('complementary', { name: 'Webhooks' })
  await expect(webhooks.getByText(/Listening on 127\.0\.0\.1:\d+ over HTTPS/)).toBeVisible()
  await webhooks.getByRole('combobox', { name: 'Tunnel provider' }).selectOption('loopback')
  await webhooks.getByRole('button', { name: 'Start tunnel' }).click()
  await expect(webhooks.getByText(/^Up: https:\/\/127\.0\.0\.1:\d+$/)).toBeVisible()
  await webhooks.getByRole('list', { name: 'Webhook deliveries' }).getByRole('button').first().click()
  await expect(webhooks.getByText(/x-svc-signature: /)).toBeVisible()
  await screenshot(page, 'videos-webhooks-light')
  await page.emulateMedia({ colorScheme: 'dark' })
  await screenshot(page, 'videos-webhooks-dark')

  page = await app.restart()
  await page.getByRole('link', { name: 'Videos' }).click()
  await expect(page.getByRole('list', { name: 'Video jobs' }).getByRole('listitem')).toHaveCount(1)
})

test('refuses what document 2 forbids before sending, at the field it concerns', async ({ app }) => {
  const { page } = app
  await page.getByRole('link', { name: 'Videos' }).click()
  await page.getByRole('button', { name: 'New video' }).click()
  const form = page.getByRole('form', { name: 'New video' })
  await form.getByLabel('Prompt').fill('conflict')
  await form.getByLabel('First frame URL').fill('https://example.com/a.png')
  await form.getByLabel('First frame URL').press('Enter')
  await form.getByLabel('Add a reference URL').fill('https://example.com/b.png')
  await form.getByLabel('Add a reference URL').press('Enter')
  await expect(
    form.getByText('frame_images and input_references cannot be used in the same request.'),
  ).toBeVisible()
  await form.getByRole('button', { name: 'Remove b.png' }).click()
  await form.getByLabel('Real person in the images').check()
  await form.getByRole('button', { name: 'Remove a.png' }).click()
  await expect(form.getByText('real_person requires at least one image reference')).toBeVisible()
  await form.getByLabel('Real person in the images').uncheck()
  await form.getByLabel('Seed').fill('1.5')
  await expect(form.getByText('Whole numbers only.')).toBeVisible()
  await screenshot(page, 'videos-create-errors-light')

  // Escape closes the form and keeps what was typed; Clear starts afresh.
  await page.keyboard.press('Escape')
  await expect(form).toHaveCount(0)
  await page.getByRole('button', { name: 'New video' }).click()
  await expect(form.getByLabel('Prompt')).toHaveValue('conflict')
  await expect(form.getByLabel('Seed')).toHaveValue('1.5')
  await form.getByRole('button', { name: 'Clear' }).click()
  await expect(form.getByLabel('Prompt')).toHaveValue('')
})

test('plays a result through the app when it was not downloaded on completion, with no page refusing it', async ({
  app,
}) => {
  const { page } = app
  const refused: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|media/i.test(message.text()))
      refused.push(message.text())
  })
  await page.getByRole('link', { name: 'Settings' }).click()
  const autoDownload = page.getByLabel(/Download each video as soon as it completes/)
  await autoDownload.uncheck()
  await page.getByRole('button', { name: 'Save video settings' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible()
  await expect(autoDownload).not.toBeChecked()
  await page.getByRole('link', { name: 'Videos' }).click()
  await page.getByRole('button', { name: 'New video' }).click()
  const form = page.getByRole('form', { name: 'New video' })
  await form.getByLabel('Prompt').fill('A lantern on a quiet pier')
  await form.getByRole('button', { name: 'Create video' }).click()

  const detail = page.getByRole('complementary', { name: 'Job detail' })
  await expect(detail.getByText('Completed')).toBeVisible({ timeout: 15_000 })
  const player = detail.getByLabel('Result video')
  await expect(player).toBeVisible()
  // The page loads results from the app's media route only, never from the service's links.
  expect(await player.getAttribute('src')).not.toMatch(/^https?:\/\/127\.0\.0\.1:\d+\/__media/)
  const playable = await player.evaluate(
    (video: HTMLVideoElement) =>
      new Promise<string>((resolve) => {
        if (video.error) return resolve(`media error ${video.error.code}`)
        if (video.readyState >= 1) return resolve(video.duration > 0 ? 'plays' : 'empty')
        video.addEventListener('loadedmetadata', () => resolve(video.duration > 0 ? 'plays' : 'empty'), {
          once: true,
        })
        video.addEventListener('error', () => resolve(`media error ${video.error?.code}`), { once: true })
      }),
  )
  expect(playable).toBe('plays')
  await expect(detail.getByText('Playing from the service')).toHaveCount(0)
  await expect(page.getByRole('list', { name: 'Video jobs' }).locator('video')).toHaveCount(1)
  expect(refused).toEqual([])
})

test('asks before cancelling a job, and says why a failed job has no video', async ({ app }) => {
  const { page } = app
  await page.getByRole('link', { name: 'Videos' }).click()
  const sandboxUrl = (await page.getByText(/^http:\/\/127\.0\.0\.1:\d+$/).textContent()) ?? ''
  // Jobs stay pending until this test moves them on.
  await page.request.post(`${sandboxUrl}/__sandbox/faults`, { data: { holdVideos: true } })
  const create = async (prompt: string) => {
    await page.getByRole('button', { name: 'New video' }).click()
    const form = page.getByRole('form', { name: 'New video' })
    await form.getByLabel('Prompt').fill(prompt)
    await form.getByRole('button', { name: 'Create video' }).click()
    const detail = page.getByRole('complementary', { name: 'Job detail' })
    await expect(detail.getByRole('heading', { name: prompt })).toBeVisible()
    return detail
  }

  const first = await create('A kite that should not be cancelled yet')
  await expect(first.getByText('Pending', { exact: true })).toBeVisible()
  // The app's own dialog asks; Escape answers it alone (the job stays open), and the focus comes back.
  const cancelButton = first.getByRole('button', { name: 'Cancel job' })
  await cancelButton.click()
  const question = page.getByRole('dialog', { name: /Cancel this job\?/ })
  await expect(question).toBeVisible()
  await expect(question.getByRole('button', { name: 'Keep' })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(question).toHaveCount(0)
  await expect(cancelButton).toBeFocused()
  await expect(first.getByText('Pending', { exact: true })).toBeVisible()
  await cancelButton.click()
  await question.getByRole('button', { name: 'Cancel job' }).click()
  await expect(first.getByText('Cancelled', { exact: true })).toBeVisible()
  await expect(first.getByText('No video: the job was cancelled.')).toBeVisible()
  await expect(first.getByText('Cancelled — not charged')).toBeVisible()

  const second = await create('A kite the service will fail')
  // The open job is in the address (#/videos?job=<id>), written once the page is idle.
  const jobInAddress = () =>
    new URLSearchParams(page.url().split('#')[1]?.split('?')[1] ?? '').get('job') ?? ''
  await expect.poll(jobInAddress).not.toBe('')
  const id = jobInAddress()
  await page.request.post(`${sandboxUrl}/__sandbox/videos/${id}/outcome`, { data: { status: 'failed' } })
  await expect(
    second.getByText('the job failed, and the service gave no reason', { exact: false }),
  ).toBeVisible({
    timeout: 15_000,
  })
  await page.request.post(`${sandboxUrl}/__sandbox/faults`, { data: { holdVideos: false } })
})

test('reads a long history page by page: counts every job, scrolls to the oldest, and searches it', async ({
  app,
}) => {
  const { page } = app
  // Another connection writes beside the running app, as SQLite allows.
  const db = new DatabaseSync(join(app.userData, 'history.db'))
  db.exec('PRAGMA busy_timeout = 10000')
  const insert = db.prepare(
    `INSERT INTO video_jobs (id, profile_id, model, prompt, mode, status, request_json, created_at, updated_at)
     VALUES (?, 'sandbox', 'orbit/motion-2', ?, 'text2video', 'completed', '{}', ?, ?)`,
  )
  // More jobs than a board shows in many screens.
  const total = 10_050
  db.exec('BEGIN')
  for (let i = 0; i < total; i++)
    insert.run(`job-${i}`, `Harbour scene number ${i}${i % 1000 === 7 ? ' with a red kite' : ''}`, i, i)
  db.exec('COMMIT')
  db.close()

  await page.getByRole('link', { name: 'Videos' }).click()
  const count = page.getByRole('status').filter({ hasText: /jobs?$/ })
  await expect(count).toHaveText('10,050 jobs')
  const board = page.getByRole('list', { name: 'Video jobs' })
  await expect(board.getByRole('button', { name: /Harbour scene number 10049,/ })).toBeVisible()
  await board.locator('..').evaluate((viewport) => {
    viewport.scrollTop = viewport.scrollHeight
  })
  await expect(board.getByRole('button', { name: /Harbour scene number 0,/ })).toBeVisible()

  const search = page.getByRole('searchbox', { name: 'Search prompts' })
  await search.fill('RED KITE')
  await expect(count).toHaveText('11 jobs')
  await expect(board.getByRole('button', { name: /number 1007 with a red kite,/ })).toBeVisible()
  // Two letters look through the newest 10,000 jobs, and the board says so: the oldest kite is left out.
  await search.fill('ki')
  await expect(count).toHaveText('10 jobs')
  await expect(page.getByRole('status').filter({ hasText: 'newest 10,000 jobs only' })).toBeVisible()
  // The board was scrolled to the oldest job: a new search shows its newest match, from the top.
  await expect(board.getByRole('button', { name: /number 10007 with a red kite,/ })).toBeInViewport()
  await expect(board.getByRole('button', { name: /number 1007 with a red kite,/ })).toBeAttached()
  await screenshot(page, 'videos-short-search-light')
  // A third letter searches every job through the index.
  await search.fill('kit')
  await expect(count).toHaveText('11 jobs')
  await expect(page.getByRole('status').filter({ hasText: 'newest 10,000 jobs only' })).toHaveCount(0)

  // Typed a letter at a time, in any case: the board ends on the history's own answer.
  await search.fill('')
  await expect(count).toHaveText('10,050 jobs')
  await search.pressSequentially('SCENE number 1004')
  await expect(count).toHaveText('11 jobs')
  await expect(board.getByRole('listitem')).toHaveCount(11)
  const rows = board.getByRole('listitem')
  await expect(rows.first().getByRole('button', { name: /Harbour scene number 10049,/ })).toBeVisible()
  await expect(rows.last().getByRole('button', { name: /Harbour scene number 1004,/ })).toBeVisible()
})
