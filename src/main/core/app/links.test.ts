// A link that starts the app waits for the page to ask; once the page listens, a link navigates at once; a
// link that reads wrong opens nothing and becomes a notice saying why.
import { rmSync } from 'node:fs'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startCore } from '../../testing/core.ts'

let env: Awaited<ReturnType<typeof startCore>>
beforeAll(async () => {
  env = await startCore()
})
afterAll(async () => {
  await env.core.close()
  rmSync(env.userData, { recursive: true, force: true })
  rmSync(`${env.userData}.keychain`, { force: true })
})

it('opens a link at start once the page listens, then at once, and refuses a wrong one with a notice', async () => {
  const navigated: string[] = []
  env.core.events.subscribe((event, payload) => {
    if (event === 'app.navigate') navigated.push((payload as { path: string }).path)
  })
  expect(env.core.openLink('gateway-desk://videos/job-1')).toEqual({ ok: true, path: '/videos?job=job-1' })
  expect(navigated).toEqual([])
  expect(await env.call('app.takeLinkPath', {})).toEqual({ path: '/videos?job=job-1' })
  expect(await env.call('app.takeLinkPath', {})).toEqual({ path: null })

  env.core.openLink('gateway-desk://models/aurora/flash-2')
  expect(navigated).toEqual(['/models?model=aurora%2Fflash-2'])

  expect(env.core.openLink('gateway-desk://videos/1?panel=new&spend=10').ok).toBe(false)
  expect(navigated).toHaveLength(1)
  expect(await env.call('app.notices', {})).toContainEqual(
    'The link gateway-desk://videos/1?panel=new&spend=10 was not opened: the Videos screen does not take “spend”.',
  )

  env.core.pageClosed()
  env.core.openLink('gateway-desk://settings')
  expect(navigated).toHaveLength(1)
  expect(await env.call('app.takeLinkPath', {})).toEqual({ path: '/settings' })
})

it('copies the link of an address from main', async () => {
  expect(await env.call('app.copyLink', { path: '/videos?job=job-1' })).toEqual({
    link: 'gateway-desk://videos/job-1',
  })
  expect(env.platform.copiedTexts.at(-1)).toBe('gateway-desk://videos/job-1')
})

it('quotes a refused link so that it cannot pass for the app’s own words', async () => {
  const { shownLink } = await import('./service.ts')
  expect(shownLink('gateway-desk://settings?x=Your key was revoked\u202e')).toBe(
    'gateway-desk://settings?x=Your%20key%20was%20revoked',
  )
  expect(shownLink(`gateway-desk://videos/${'a'.repeat(200)}`)).toHaveLength(80)
})
