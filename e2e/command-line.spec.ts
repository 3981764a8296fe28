// The command line in a shell beside the open app: it attaches to the app, which owns the data folder, so its
// job is the app's Sandbox's, and the window shows it end to end. Runs on the harness and on the packaged app.
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { expect, test } from './fixtures/app.ts'

const cli = (userData: string, args: string[]) =>
  new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const { FORCE_COLOR: _forced, ...env } = process.env
    const child = spawn(
      process.execPath,
      [join(import.meta.dirname, '..', 'src', 'cli', 'index.ts'), ...args],
      {
        env: { ...env, GATEWAY_DESK_USER_DATA: userData, NO_COLOR: '1' },
      },
    )
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk
    })
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk
    })
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })

test('a job made in a shell runs on the open app’s Sandbox, and the window follows it to the end', async ({
  app,
}) => {
  const { page } = app
  await page.getByRole('link', { name: 'Videos' }).click()
  const made = await cli(app.userData, [
    'jobs',
    'create',
    '--model',
    'orbit/motion-2',
    '--prompt',
    'A lighthouse made in a shell',
    '--wait',
  ])
  expect(made.stderr).not.toContain('Error:')
  expect(made.code).toBe(0)
  expect(made.stdout).toMatch(/completed/)
  // The app's own board: the job, completed, made by the app's Sandbox.
  const board = page.getByRole('main')
  await expect(board.getByText('A lighthouse made in a shell').first()).toBeVisible()
  await board.getByText('A lighthouse made in a shell').first().click()
  await expect(
    page
      .getByRole('complementary', { name: 'Job detail' })
      .getByText(/completed/i)
      .first(),
  ).toBeVisible()
})
