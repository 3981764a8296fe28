// What the shipped app does on the desktop, under the Electron stand-in: its command line, gateway-desk://
// links, notifications that act, the tray, dragging files out and opening questionnaire files (its updates are
// in packaged-updates.spec.ts). Only the packaged project runs it.
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures/app.ts'
import { startMainProcess } from './fixtures/packaged.ts'

/** Opens New video, writes `prompt` and creates the job; the job's detail is then open. */
async function createVideo(page: Page, prompt: string) {
  await page.getByRole('link', { name: 'Videos' }).click()
  await page.getByRole('button', { name: 'New video' }).click()
  const form = page.getByRole('form', { name: 'New video' })
  await expect(form.getByRole('combobox', { name: 'Model' })).not.toHaveValue('')
  await form.getByLabel('Prompt').fill(prompt)
  await form.getByRole('button', { name: 'Create video' }).click()
  return page.getByRole('complementary', { name: 'Job detail' })
}

test('the shipped executable runs the command line beside the open app, on its data folder', async ({
  app,
}) => {
  const { spawn } = await import('node:child_process')
  const { readFileSync } = await import('node:fs')
  const { stagedAppPath } = await import('./fixtures/packaged.ts')
  const register = join(import.meta.dirname, 'electron', 'register.ts')
  const withoutForcedColour = () => {
    const { FORCE_COLOR: _forced, ...env } = process.env
    return env
  }
  const start = (args: string[]) => {
    let stdout = ''
    let stderr = ''
    const child = spawn(
      process.execPath,
      ['--import', register, join(stagedAppPath, 'out', 'main', 'index.js'), '--cli', ...args],
      {
        cwd: stagedAppPath,
        env: { ...withoutForcedColour(), GATEWAY_DESK_USER_DATA: app.userData, NO_COLOR: '1' },
      },
    )
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk
    })
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk
    })
    // The stand-in's own line (where its browser is) is not the command's output.
    const ended = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
      child.on('close', (code) =>
        resolve({ code, stdout: stdout.replace(/^electron stand-in .*\n/m, ''), stderr }),
      ),
    )
    return { child, ended, stderr: () => stderr }
  }
  const cli = (args: string[]) => start(args).ended
  const models = await cli(['--json', 'models', 'list', '--limit', '2'])
  expect(models.stderr).not.toContain('Error:')
  expect(models.code).toBe(0)
  const lines = models.stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { kind: string })
  expect(lines.map((line) => line.kind)).toEqual(['model', 'model'])
  // The open app owns the folder and receives its webhooks: listen attaches and passes them on from there.
  const { receiverPortPicked } = JSON.parse(readFileSync(join(app.userData, 'preferences.json'), 'utf8'))
  const listening = start(['listen', '--forward-to', 'http://127.0.0.1:9/hooks'])
  await expect.poll(listening.stderr, { timeout: 30_000 }).toContain('Ready. Ctrl+C to stop.')
  expect(listening.stderr()).toContain(`Receiving at https://127.0.0.1:${receiverPortPicked}/webhooks/`)
  expect(listening.stderr()).toContain('(in Gateway Desk)')
  listening.child.kill('SIGINT')
  expect((await listening.ended).code).toBe(0)
  await expect(app.page.getByRole('heading', { level: 1, name: 'Decisions' })).toBeVisible()
})

test('a gateway-desk:// link from a second launch opens that job; a malformed one opens nothing and says why', async ({
  app,
}) => {
  const { page } = app
  expect(
    app
      .records()
      .some((entry) => entry.api === 'app.setAsDefaultProtocolClient' && entry.protocol === 'gateway-desk'),
  ).toBe(true)
  const detail = await createVideo(page, 'A harbour at dawn, linked')
  await expect(detail.getByText('A harbour at dawn, linked')).toBeVisible()
  const id = new URLSearchParams(new URL(page.url()).hash.split('?')[1]).get('job')
  expect(id).toBeTruthy()
  await detail.getByRole('button', { name: 'Copy link to this job' }).click()
  await expect(detail.getByText('Link copied')).toBeVisible()
  expect(app.records().some((entry) => entry.api === 'clipboard.writeText')).toBe(true)

  // Elsewhere in the app, then the link from outside: the running window opens the job.
  await page.getByRole('link', { name: 'Settings' }).click()
  const second = startMainProcess({
    userData: app.userData,
    sandboxTimeScale: '1',
    colorScheme: 'light',
    args: [`gateway-desk://videos/${id}`],
  })
  expect(await second.exited).toBe(0)
  await expect(
    page.getByRole('complementary', { name: 'Job detail' }).getByText('A harbour at dawn, linked'),
  ).toBeVisible()

  const bad = startMainProcess({
    userData: app.userData,
    sandboxTimeScale: '1',
    colorScheme: 'light',
    args: ['gateway-desk://videos?delete=all'],
  })
  expect(await bad.exited).toBe(0)
  await expect(
    page.getByText(
      /The link gateway-desk:\/\/videos\?delete=all was not opened: the Videos screen does not take “delete”\./,
    ),
  ).toBeVisible()
  await expect(page.getByRole('complementary', { name: 'Job detail' })).toBeVisible()
})

test('clicking a video’s notification opens its job, raised; a setting per kind turns them off', async ({
  app,
}) => {
  const { page } = app
  const detail = await createVideo(page, 'A lantern on the water, notified')
  await expect(detail.getByText('Completed')).toBeVisible({
    timeout: 15_000,
  })
  await expect
    .poll(() =>
      app
        .records()
        .find(
          (entry) => entry.api === 'Notification.show' && entry.body === 'A lantern on the water, notified',
        ),
    )
    .toMatchObject({ title: 'Video is ready' })

  await page.getByRole('link', { name: 'Settings' }).click()
  const focusedBefore = app.records().filter((entry) => entry.api === 'BrowserWindow.focus').length
  app.desktop({ api: 'Notification.click', title: 'Video is ready' })
  await expect(
    page.getByRole('complementary', { name: 'Job detail' }).getByText('A lantern on the water, notified'),
  ).toBeVisible()
  expect(app.records().filter((entry) => entry.api === 'BrowserWindow.focus').length).toBeGreaterThan(
    focusedBefore,
  )

  await page.getByRole('link', { name: 'Settings' }).click()
  const notifications = page.getByRole('region', { name: 'Notifications and the tray' })
  await notifications.getByRole('checkbox', { name: /When a video is ready/ }).uncheck()
  await expect(notifications.getByRole('checkbox', { name: /When a video is ready/ })).not.toBeChecked()
  // Kept in main: the screen reads it back after a visit elsewhere.
  await page.getByRole('link', { name: 'Videos' }).click()
  await page.getByRole('link', { name: 'Settings' }).click()
  await expect(notifications.getByRole('checkbox', { name: /When a video is ready/ })).not.toBeChecked()
  await expect(notifications.getByRole('checkbox', { name: /When a batch is done/ })).toBeChecked()
})

test('with the window closed while a job runs, the app stays in the tray, receives its webhook and says it finished', async ({
  app,
}) => {
  const { page } = app
  await page.getByRole('link', { name: 'Videos' }).click()
  const sandboxUrl = (await page.getByText(/^http:\/\/127\.0\.0\.1:\d+$/).textContent()) ?? ''
  const control = (path: string, body: object) =>
    fetch(`${sandboxUrl}/__sandbox/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  await control('faults', { holdVideos: true })
  const detail = await createVideo(page, 'A lighthouse kept in the tray')
  await expect(detail.getByText('Pending', { exact: true })).toBeVisible()
  const id = new URLSearchParams(new URL(page.url()).hash.split('?')[1]).get('job') ?? ''
  const trayLabels = () =>
    (app.records().findLast((entry) => entry.api === 'Tray.setContextMenu')?.labels as
      | string[]
      | undefined) ?? []
  await expect.poll(trayLabels).toContain('Running: A lighthouse kept in the tray')
  expect(app.records().findLast((entry) => entry.api === 'Tray.setImage')?.image).toMatch(/tray-busy\.png$/)

  app.desktop({ api: 'BrowserWindow.close' })
  await expect.poll(() => app.records().some((entry) => entry.api === 'BrowserWindow.closed')).toBe(true)
  // The service finishes the job; its webhook reaches the receiver the app kept running.
  const released = await control(`videos/${id}/outcome`, { status: 'completed' })
  expect(released.status).toBe(200)
  await expect.poll(trayLabels, { timeout: 15_000 }).toContain('Finished since you last looked: 1')
  expect(trayLabels()).toContain('Ready: A lighthouse kept in the tray')
  expect(trayLabels()).toContain('No video job running')
  expect(app.records().findLast((entry) => entry.api === 'Tray.setImage')?.image).toMatch(/tray\.png$/)
  expect(app.records().some((entry) => entry.api === 'Tray.destroy')).toBe(false)

  // Quit from the tray quits, after the history's clean close.
  app.desktop({ api: 'Tray.menu', label: 'Quit' })
  await expect
    .poll(() => app.records().some((entry) => entry.api === 'Tray.destroy'), { timeout: 15_000 })
    .toBe(true)
})

test('a downloaded video drags out as its file, and shows in its folder', async ({ app }) => {
  const { page } = app
  const detail = await createVideo(page, 'A paper crane, dragged out')
  await expect(detail.getByLabel('Result video')).toBeVisible({ timeout: 15_000 })
  const button = detail.getByRole('button', { name: 'Show in folder' })
  await expect(button).toHaveAttribute('draggable', 'true')
  await button.dispatchEvent('dragstart', {
    dataTransfer: await page.evaluateHandle(() => new DataTransfer()),
  })
  await expect
    .poll(() => app.records().find((entry) => entry.api === 'webContents.startDrag')?.file)
    .toMatch(/[/\\]media[/\\][0-9a-f]{64}\.mp4$/)
  await button.click()
  await expect
    .poll(() => app.records().find((entry) => entry.api === 'shell.showItemInFolder')?.path)
    .toMatch(/[0-9a-f]{64}\.mp4$/)
})

test('a questionnaire file opened from the file manager becomes the builder’s draft; a broken one says why', async ({
  app,
}) => {
  const { page } = app
  const { writeFileSync } = await import('node:fs')
  const file = join(`${app.userData}-files`, 'Refund triage.gdq')
  const { mkdirSync } = await import('node:fs')
  mkdirSync(`${app.userData}-files`, { recursive: true })
  writeFileSync(
    file,
    JSON.stringify({
      model: 'sysone/judge-1',
      input: 'x',
      questions: [
        { type: 'predicate', name: 'wants_refund', instructions: 'Does the customer ask for a refund?' },
      ],
    }),
  )
  await page.getByRole('link', { name: 'Settings' }).click()
  const second = startMainProcess({
    userData: app.userData,
    sandboxTimeScale: '1',
    colorScheme: 'light',
    args: [file],
  })
  expect(await second.exited).toBe(0)
  await expect(page.getByRole('heading', { level: 1, name: 'Decisions' })).toBeVisible()
  await expect(page.getByLabel('Questionnaire name')).toHaveValue('Refund triage')
  await expect(page.getByText('Does the customer ask for a refund?')).toBeVisible()

  const broken = join(`${app.userData}-files`, 'broken.gdq')
  writeFileSync(broken, '{ not json')
  const third = startMainProcess({
    userData: app.userData,
    sandboxTimeScale: '1',
    colorScheme: 'light',
    args: [broken],
  })
  expect(await third.exited).toBe(0)
  await expect(
    page.getByText('The file was not opened: broken.gdq is not a questionnaire: it is not JSON.'),
  ).toBeVisible()
  const { rmSync } = await import('node:fs')
  rmSync(`${app.userData}-files`, { recursive: true, force: true })
})
