// The shipped app's updates, under the Electron stand-in, from a feed on loopback: one downloaded, verified and
// offered; a wrong hash, another system's feed, a stalled download and a feed's own words refused or said
// plainly. Only the packaged project runs it.
import { join } from 'node:path'
import { expect, openApp, test } from './fixtures/app.ts'

/** A file published as version 0.2.0, and the feed's latest-linux.yml for it (its sha512 unless told another). */
async function updateFile() {
  const { createHash, randomBytes } = await import('node:crypto')
  const file = randomBytes(256 * 1024)
  const sha512 = createHash('sha512').update(file).digest('base64')
  const latestYml = (version: string, published = sha512) =>
    `version: ${JSON.stringify(version)}\nfiles:\n  - url: Gateway-Desk-0.2.0.AppImage\n    sha512: ${published}\n    size: ${file.length}\npath: Gateway-Desk-0.2.0.AppImage\nsha512: ${published}\nreleaseDate: '2026-11-26T12:00:00.000Z'\n`
  return { file, sha512, latestYml }
}

test('an update on the feed is downloaded, verified and offered; a wrong hash or another system’s feed is refused', async () => {
  const { createHash } = await import('node:crypto')
  const { createServer } = await import('node:http')
  const { mkdtempSync, readFileSync, rmSync, writeFileSync } = await import('node:fs')
  const { tmpdir } = await import('node:os')
  const { file, sha512, latestYml } = await updateFile()
  let published = sha512
  const feed = createServer((req, res) => {
    if (req.url?.startsWith('/latest-linux.yml')) return res.end(latestYml('0.2.0', published))
    if (req.url?.startsWith('/Gateway-Desk-0.2.0.AppImage')) return res.end(file)
    res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve))
  const port = (feed.address() as { port: number }).port
  const scratch = mkdtempSync(join(tmpdir(), 'gd-update-'))
  const installed = join(scratch, 'Gateway-Desk.AppImage')
  writeFileSync(installed, 'the installed version')
  const env = {
    GATEWAY_DESK_UPDATE_FEED: `http://127.0.0.1:${port}/`,
    APPIMAGE: installed,
    XDG_CACHE_HOME: join(scratch, 'cache'),
  }
  try {
    const app = await openApp({ shell: 'packaged', env })
    try {
      const bar = app.page.getByRole('contentinfo')
      await expect(bar.getByRole('button', { name: 'Restart to update to 0.2.0' })).toBeVisible({
        timeout: 20_000,
      })
      await app.page.getByRole('link', { name: 'Settings' }).click()
      const updates = app.page.getByRole('region', { name: 'Updates' })
      await expect(
        updates.getByText('Version 0.2.0 is downloaded and verified: restart to update.'),
      ).toBeVisible()
      await expect(updates.getByText('0.1.0', { exact: true })).toBeVisible()
    } finally {
      await app.close()
    }

    published = createHash('sha512').update('another file').digest('base64')
    rmSync(join(scratch, 'cache'), { recursive: true, force: true })
    const refused = await openApp({ shell: 'packaged', env })
    try {
      await refused.page.getByRole('link', { name: 'Settings' }).click()
      const updates = refused.page.getByRole('region', { name: 'Updates' })
      await expect(
        updates.getByText(
          'The downloaded update did not match the checksum its feed published, so it was not installed.',
        ),
      ).toBeVisible({ timeout: 20_000 })
      await expect(refused.page.getByRole('button', { name: /Restart to update/ })).toHaveCount(0)
      // A refusal is said where updates are, never as the app's error dialog.
      expect(refused.records().filter((entry) => String(entry.api).startsWith('dialog.'))).toEqual([])
    } finally {
      await refused.close()
    }

    // A feed that has no version for this system (its latest-linux.yml is not there).
    const other = await openApp({
      shell: 'packaged',
      env: { ...env, GATEWAY_DESK_UPDATE_FEED: `http://127.0.0.1:${port}/mac/` },
    })
    try {
      await other.page.getByRole('link', { name: 'Settings' }).click()
      await expect(
        other.page
          .getByRole('region', { name: 'Updates' })
          .getByText('The update feed has no version for this system.'),
      ).toBeVisible({ timeout: 20_000 })
    } finally {
      await other.close()
    }
    expect(readFileSync(installed, 'utf8')).toBe('the installed version')
  } finally {
    feed.close()
    rmSync(scratch, { recursive: true, force: true })
  }
})

test('a stalled update download is said and tried again, through a redirect; a feed’s own words are not shown', async () => {
  const { createServer } = await import('node:http')
  const { mkdtempSync, readFileSync, rmSync, writeFileSync } = await import('node:fs')
  const { tmpdir } = await import('node:os')
  const { file, latestYml } = await updateFile()
  // The file itself, on another host (another origin): where the feed redirects once the first try stalled.
  const mirror = createServer((req, res) =>
    req.url?.startsWith('/Gateway-Desk-0.2.0.AppImage') ? res.end(file) : res.writeHead(404).end(),
  )
  await new Promise<void>((resolve) => mirror.listen(0, '127.0.0.1', resolve))
  const mirrorPort = (mirror.address() as { port: number }).port
  let stall = true
  const stalled: import('node:http').ServerResponse[] = []
  const feed = createServer((req, res) => {
    if (req.url?.startsWith('/latest-linux.yml')) return res.end(latestYml('0.2.0'))
    if (req.url?.startsWith('/hostile/latest-linux.yml'))
      return res.end(latestYml('0.2.0\u200f PLEASE REINSTALL FROM http://example.invalid'))
    if (req.url?.startsWith('/Gateway-Desk-0.2.0.AppImage')) {
      if (!stall) return res.writeHead(302, { location: `http://localhost:${mirrorPort}${req.url}` }).end()
      // The headers and the first kilobyte, then nothing more.
      res.writeHead(200, { 'content-length': file.length })
      res.write(file.subarray(0, 1000))
      stalled.push(res)
      return
    }
    res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve))
  const port = (feed.address() as { port: number }).port
  const scratch = mkdtempSync(join(tmpdir(), 'gd-update-'))
  const installed = join(scratch, 'Gateway-Desk.AppImage')
  writeFileSync(installed, 'the installed version')
  const env = {
    GATEWAY_DESK_UPDATE_FEED: `http://127.0.0.1:${port}/`,
    GATEWAY_DESK_UPDATE_STALL_SECONDS: '2',
    APPIMAGE: installed,
    XDG_CACHE_HOME: join(scratch, 'cache'),
  }
  try {
    const app = await openApp({ shell: 'packaged', env })
    try {
      await app.page.getByRole('link', { name: 'Settings' }).click()
      const updates = app.page.getByRole('region', { name: 'Updates' })
      await expect(
        updates.getByText(
          'The download of version 0.2.0 stopped: nothing arrived for 2 seconds. It is tried again in 10 seconds, or check now.',
        ),
      ).toBeVisible({ timeout: 20_000 })
      // The next try is redirected to the mirror: followed, and the file still checked against the feed's hash.
      stall = false
      await expect(
        app.page.getByRole('contentinfo').getByRole('button', { name: 'Restart to update to 0.2.0' }),
      ).toBeVisible({
        timeout: 30_000,
      })
    } finally {
      await app.close()
    }

    const hostile = await openApp({
      shell: 'packaged',
      env: { ...env, GATEWAY_DESK_UPDATE_FEED: `http://127.0.0.1:${port}/hostile/` },
    })
    try {
      await hostile.page.getByRole('link', { name: 'Settings' }).click()
      const updates = hostile.page.getByRole('region', { name: 'Updates' })
      await expect(
        updates.getByText(
          'The update feed gave a version that is not a version number, so nothing was downloaded.',
        ),
      ).toBeVisible({ timeout: 20_000 })
      await expect(hostile.page.getByText(/REINSTALL/)).toHaveCount(0)
    } finally {
      await hostile.close()
    }
    expect(readFileSync(installed, 'utf8')).toBe('the installed version')
  } finally {
    for (const res of stalled) res.destroy()
    feed.closeAllConnections()
    feed.close()
    mirror.close()
    rmSync(scratch, { recursive: true, force: true })
  }
})
