import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { startCore } from '../../testing/core.ts'
import { openPreferences } from './preferences.ts'

async function folder(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'gd-prefs-'))
  onTestFinished(() => rm(dir, { recursive: true, force: true }))
  return dir
}

describe('preferences', () => {
  it('start from defaults and survive reopening', async () => {
    const dir = await folder()
    const first = await openPreferences(dir)
    expect(first.get()).toMatchObject({ theme: 'system', receiverPort: 0, downloadVideosOnCompletion: true })
    await first.update({ theme: 'dark' })
    expect((await openPreferences(dir)).get()).toMatchObject({
      theme: 'dark',
      pollBudget: { requests: 60, windowSeconds: 60 },
    })
    expect((await readdir(dir)).filter((name) => name.endsWith('.tmp'))).toEqual([])
  })

  it('fall back to defaults when the file is damaged, and never leave it half-written', async () => {
    const dir = await folder()
    await writeFile(join(dir, 'preferences.json'), '{"theme": "dar')
    const store = await openPreferences(dir)
    expect(store.get()).toMatchObject({ theme: 'system' })
    await store.update({ theme: 'light' })
    expect(JSON.parse(await readFile(join(dir, 'preferences.json'), 'utf8'))).toMatchObject({
      theme: 'light',
    })
  })

  it('keep every field that reads when another is damaged', async () => {
    const dir = await folder()
    await writeFile(
      join(dir, 'preferences.json'),
      JSON.stringify({
        theme: 'dark',
        forwardTo: { p1: 'https://hooks.example.com/in' },
        scoring: { q1: { costs: {} } },
        receiverPort: 'not a port',
      }),
    )
    const store = await openPreferences(dir)
    expect(store.get()).toMatchObject({
      theme: 'dark',
      forwardTo: { p1: 'https://hooks.example.com/in' },
      scoring: {},
      receiverPort: 0,
    })
  })

  it('keep every change when several are in flight at once, in memory and on disk', async () => {
    const dir = await folder()
    const store = await openPreferences(dir)
    await Promise.all([
      store.update({ views: { '/settings': '/settings' } }),
      store.update({ theme: 'dark' }),
      store.update({ thoughtsOpen: true }),
    ])
    const expected = { theme: 'dark', thoughtsOpen: true, views: { '/settings': '/settings' } }
    expect(store.get()).toMatchObject(expected)
    expect(JSON.parse(await readFile(join(dir, 'preferences.json'), 'utf8'))).toMatchObject(expected)
  })

  it('are all in the file once the core has closed, even a change made as it closes', async () => {
    const dir = await folder()
    onTestFinished(() => rm(`${dir}.keychain`, { force: true }))
    const { core } = await startCore({ userData: dir })
    // The screen last shown, saved as the app quits: the change is not awaited before closing.
    void core.preferences.update({ views: { '/settings': '/settings', last: '/settings' } })
    await core.close()
    expect(JSON.parse(await readFile(join(dir, 'preferences.json'), 'utf8'))).toMatchObject({
      views: { last: '/settings' },
    })
  })
})
