// A damaged row in the history, as a crash or another program could leave it: the board shows every job it
// can read, and a notice above the screen names the one it could not, until the person dismisses it.
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { expect, screenshot, test } from './fixtures/app.ts'

test('leaves a damaged video job out of the board and says which one it was', async ({ app }) => {
  const { page } = app
  await expect(page.getByRole('region', { name: 'Notices' })).toHaveCount(0)
  // Another connection writes beside the running app, as SQLite allows.
  const db = new DatabaseSync(join(app.userData, 'history.db'))
  db.exec('PRAGMA busy_timeout = 10000')
  const insert = db.prepare(
    `INSERT INTO video_jobs (id, profile_id, model, prompt, mode, status, request_json, created_at, updated_at)
     VALUES (?, 'sandbox', 'orbit/motion-2', ?, 'text2video', ?, '{}', ?, ?)`,
  )
  const now = Date.now()
  insert.run('job-readable', 'A lighthouse at dawn', 'failed', now, now)
  insert.run('job-damaged', 'A row a crash left behind', 'half-written', now + 1, now + 1)
  db.close()

  await page.getByRole('link', { name: 'Videos' }).click()
  await expect(page.getByText('A lighthouse at dawn')).toBeVisible()
  await expect(page.getByText('A row a crash left behind')).toHaveCount(0)
  const notices = page.getByRole('region', { name: 'Notices' })
  await expect(notices).toContainText('a stored video job could not be read (status:')
  await expect(notices).toContainText('The video job is job-damaged; the rest of its list loaded.')
  await screenshot(page, 'videos-damaged-row-light')
  await notices.getByRole('button', { name: 'Dismiss' }).click()
  await expect(notices).toHaveCount(0)
})
