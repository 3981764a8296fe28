// A screen's draft is kept in its screen's shape and read back only while it still has it: a draft that does
// not read (written by another version, or damaged) is as good as none, and a screen starts empty.
import { rmSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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

describe('a screen’s draft', () => {
  it('is kept and read back in its screen’s shape; one of another shape is refused, one that no longer reads is none', async () => {
    expect(await env.call('drafts.get', { kind: 'images' })).toEqual({ draft: null })
    const draft = { prompt: 'a lighthouse', modelId: 'lumen/image-1', options: { n: 2 }, provider: '' }
    await env.call('drafts.keep', { kind: 'images', draft })
    expect(await env.call('drafts.get', { kind: 'images' })).toEqual({ draft })
    await expect(
      env.call('drafts.keep', { kind: 'playground-messages', draft: { prompt: 'not a turn' } }),
    ).rejects.toMatchObject({ code: 'validation_failed' })
    // Written in another shape (by another version): read back as none.
    env.core.history.drafts.put('images', JSON.stringify({ text: 'old shape' }), Date.now())
    expect(await env.call('drafts.get', { kind: 'images' })).toEqual({ draft: null })
    env.core.history.drafts.put('images', '{not json', Date.now())
    expect(await env.call('drafts.get', { kind: 'images' })).toEqual({ draft: null })
  })
})
