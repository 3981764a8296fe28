// Profiles and secrets through the contract, against real sandboxes: the embedded one and a standalone one
// standing in for a live service.
import { readdirSync, readFileSync } from 'node:fs'
import { mkdtemp } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Sandbox, startSandbox } from '#sandbox/server'
import type { RouteInput, RouteName, RouteOutput } from '#shared/ipc/routes/index'
import { unwrap } from '#shared/ipc/unwrap'
import { testHold } from '../../testing/holds.ts'
import { createCore } from '../compose.ts'
import type { Core } from '../core.ts'
import { createNodePlatform } from '../node-platform.ts'

const liveKey = 'sk-live-canary-55aa11ff'
let live: Sandbox
let core: Core
let userData: string
const call = async <N extends RouteName>(route: N, input: RouteInput<N>): Promise<RouteOutput<N>> =>
  unwrap(
    (await core.dispatcher(() => ['app://gateway-desk'])(route, input, {
      url: 'app://gateway-desk/',
      isTopFrame: true,
    })) as never,
  )

beforeAll(async () => {
  live = await startSandbox({ keys: [liveKey] })
  userData = await mkdtemp(join(tmpdir(), 'gd-profiles-'))
  core = await createCore(createNodePlatform({ userData }))
})
afterAll(async () => {
  await core.close()
  await live.close()
})

describe('profiles', () => {
  it('starts with the built-in Sandbox active, and reaches it through the gateway', async () => {
    const [sandbox] = await call('profiles.list', {})
    expect(sandbox).toMatchObject({ id: 'sandbox', kind: 'sandbox', active: true, secrets: null })
    const models = await core.scopes.active().gateway.listings.unified.all()
    expect(models.data.data.length).toBeGreaterThan(5)
    const decision = await core.scopes
      .active()
      .gateway.decide(
        { model: 'sysone/judge-1', input: 'x', questions: [{ type: 'predicate', instructions: 'p' }] },
        null,
        'unified',
        { hold: testHold('decision') },
      )
    expect(decision.status).toBe(200)
    expect((await call('profiles.list', {}))[0]?.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
  })

  it('validates fields inline: name, https address', async () => {
    const failure = (input: RouteInput<'profiles.save'>) =>
      call('profiles.save', input).catch((error) => error)
    expect(await failure({ name: ' ', baseUrl: 'https://x.example' })).toMatchObject({
      path: ['name'],
      message: 'Give the profile a name.',
    })
    expect(await failure({ name: 'Sandbox', baseUrl: 'https://x.example' })).toMatchObject({ path: ['name'] })
    expect(await failure({ name: 'A', baseUrl: 'http://gateway.example.com' })).toMatchObject({
      path: ['baseUrl'],
    })
    expect(await failure({ name: 'A', baseUrl: 'https://user:pw@gateway.example.com' })).toMatchObject({
      path: ['baseUrl'],
    })
  })

  it('keeps a live profile key sealed, shows only its mask and fingerprint, and tells apart every connection outcome', async () => {
    const profile = await call('profiles.save', { name: 'Staging', baseUrl: `${live.url}/` })
    expect(profile.baseUrl).toBe(live.url)
    expect(await call('profiles.testConnection', { id: profile.id })).toMatchObject({ outcome: 'no_key' })
    const status = await call('profiles.setSecret', {
      profileId: profile.id,
      secret: 'apiKey',
      value: 'sk-wrong-key-000',
    })
    expect(status).toMatchObject({ set: true, mask: '••••-000' })
    expect(await call('profiles.testConnection', { id: profile.id })).toMatchObject({ outcome: 'bad_key' })
    await call('profiles.setSecret', { profileId: profile.id, secret: 'apiKey', value: liveKey })
    expect(await call('profiles.testConnection', { id: profile.id })).toMatchObject({ outcome: 'ok' })
    const listed = (await call('profiles.list', {})).find((p) => p.id === profile.id)
    expect(listed?.secrets?.apiKey).toMatchObject({ set: true, mask: '••••11ff' })
    expect(JSON.stringify(await call('profiles.list', {}))).not.toContain(liveKey)

    const notTheService = createServer((_req, res) =>
      res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>nope</h1>'),
    )
    await new Promise<void>((resolve) => notTheService.listen(0, '127.0.0.1', resolve))
    const wrongPlace = await call('profiles.save', {
      name: 'Wrong',
      baseUrl: `http://127.0.0.1:${(notTheService.address() as AddressInfo).port}`,
    })
    expect(await call('profiles.testConnection', { id: wrongPlace.id })).toMatchObject({ outcome: 'bad_url' })
    notTheService.close()
    const closed = await call('profiles.save', {
      id: wrongPlace.id,
      name: 'Wrong',
      baseUrl: 'http://127.0.0.1:9',
    })
    expect(await call('profiles.testConnection', { id: closed.id })).toMatchObject({ outcome: 'unreachable' })

    await call('profiles.activate', { id: profile.id })
    expect(
      (
        await core.scopes
          .active()
          .gateway.getVideo('00000000-0000-4000-8000-000000000000')
          .catch((e) => e)
      ).serviceCode,
    ).toBe('not_found')
    await call('profiles.activate', { id: 'sandbox' })
  })

  it('never writes a key in the clear to any file of the data folder, logs included', async () => {
    core.log.error('request failed', new Error(`upstream said: invalid key ${liveKey}`))
    core.log.info(`headers {"authorization":"Bearer ${liveKey}"}`)
    const files = readdirSync(userData, { recursive: true, withFileTypes: true }).filter((entry) =>
      entry.isFile(),
    )
    expect(files.length).toBeGreaterThan(3)
    for (const file of files) {
      const content = readFileSync(join(file.parentPath, file.name))
      expect(content.includes(liveKey), file.name).toBe(false)
    }
    expect(readFileSync(join(userData, 'logs', 'main.log'), 'utf8')).toContain('[redacted]')
  })

  it('deletes a profile with its secrets, and falls back to the Sandbox', async () => {
    const profile = await call('profiles.save', { name: 'Temporary', baseUrl: 'https://t.example' })
    await call('profiles.setSecret', {
      profileId: profile.id,
      secret: 'webhookSecret',
      value: 'whsec-temp-123',
    })
    await call('profiles.activate', { id: profile.id })
    await call('profiles.delete', { id: profile.id })
    const remaining = await call('profiles.list', {})
    expect(remaining.find((p) => p.id === profile.id)).toBeUndefined()
    expect(remaining.find((p) => p.active)?.id).toBe('sandbox')
    expect(readFileSync(join(userData, 'secrets.json'), 'utf8')).not.toContain(`${profile.id}:`)
  })
})
