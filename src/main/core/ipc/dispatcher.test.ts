import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { AppError } from '#shared/ipc/app-error'
import { route } from '#shared/ipc/contract'
import { unwrap } from '#shared/ipc/unwrap'
import { createCore } from '../compose.ts'
import { createNodePlatform } from '../node-platform.ts'
import { createDispatcher, type Sender } from './dispatcher.ts'

const appPage: Sender = { url: 'app://gateway-desk/index.html', isTopFrame: true }
const trusted = () => ['app://gateway-desk']

const routes = {
  'notes.add': route({ input: z.object({ text: z.string().min(1) }), output: z.object({ id: z.number() }) }),
  'notes.fail': route({ input: z.object({}), output: z.object({}) }),
  'notes.crash': route({ input: z.object({}), output: z.object({}) }),
}

describe('dispatcher', () => {
  let calls: unknown[]
  let dispatch: ReturnType<typeof createDispatcher>
  let logged: string[]
  beforeEach(() => {
    calls = []
    logged = []
    dispatch = createDispatcher({
      routes,
      trustedOrigins: trusted,
      onUnexpectedError: (name) => logged.push(name),
      handlers: {
        'notes.add': (input) => {
          calls.push(input)
          return { id: 1 }
        },
        'notes.fail': () => {
          throw new AppError({ code: 'quota_exceeded', message: 'No room left', status: 429, retryAfter: 7 })
        },
        'notes.crash': () => {
          throw new Error('secret internals')
        },
      },
    })
  })

  it('runs the handler with the parsed input and wraps its result', async () => {
    expect(await dispatch('notes.add', { text: 'hi', extra: 1 }, appPage)).toEqual({
      ok: true,
      data: { id: 1 },
    })
    expect(calls).toEqual([{ text: 'hi' }])
  })

  it('refuses invalid input with a validation error naming the field, without calling the handler', async () => {
    const result = await dispatch('notes.add', { text: 42 }, appPage)
    expect(result).toMatchObject({ ok: false, error: { code: 'validation_failed', path: ['text'] } })
    expect(result.ok === false && result.error.message).toMatch(/^text: /)
    expect(calls).toEqual([])
  })

  it('refuses a sender from another origin, a sub-frame, or an unparsable URL', async () => {
    for (const sender of [
      { url: 'https://evil.example/', isTopFrame: true },
      { url: 'app://gateway-desk/index.html', isTopFrame: false },
      { url: 'app://other-host/index.html', isTopFrame: true },
      { url: 'not a url', isTopFrame: true },
    ]) {
      expect(await dispatch('notes.add', { text: 'hi' }, sender)).toMatchObject({
        ok: false,
        error: { code: 'untrusted_sender' },
      })
    }
    expect(calls).toEqual([])
  })

  it('refuses names that are not routes, including inherited object keys', async () => {
    for (const name of ['notes.remove', 'toString', '__proto__', 42, null]) {
      expect(await dispatch(name, {}, appPage)).toMatchObject({ ok: false, error: { code: 'unknown_route' } })
    }
  })

  it('keeps every field of an AppError and hides the details of anything else', async () => {
    expect(await dispatch('notes.fail', {}, appPage)).toEqual({
      ok: false,
      error: { code: 'quota_exceeded', message: 'No room left', status: 429, retryAfter: 7 },
    })
    const crash = await dispatch('notes.crash', {}, appPage)
    expect(crash).toMatchObject({ ok: false, error: { code: 'internal_error' } })
    expect(JSON.stringify(crash)).not.toContain('secret internals')
    expect(logged).toEqual(['notes.crash'])
  })
})

describe('a handler error reaching the renderer', () => {
  it('arrives as an AppError with its code intact, after crossing as a structured clone', async () => {
    const core = await createCore(createNodePlatform({ userData: await mkdtemp(join(tmpdir(), 'gd-ipc-')) }))
    const dispatch = core.dispatcher(trusted)
    const cross = async (name: string, input: unknown) =>
      structuredClone(await dispatch(name, input, appPage))
    const error = await cross('app.openExternal', { url: 'http://example.com/' })
      .then(unwrap)
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AppError)
    expect(error).toMatchObject({
      code: 'external_url_refused',
      message: 'Only https links can be opened outside the app.',
    })
    expect(unwrap(await cross('preferences.update', { theme: 'dark' }))).toMatchObject({ theme: 'dark' })
    await core.close()
  })
})
