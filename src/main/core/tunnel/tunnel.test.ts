// The tunnel interface with the local relay standing in for a real provider: jobs carry the public URL while
// it is up, webhooks travel through it, and a drop is reported so the board can warn.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startCore, until } from '../../testing/core.ts'

let env: Awaited<ReturnType<typeof startCore>>
beforeAll(async () => {
  env = await startCore({ sandboxTimeScale: 0.002 })
  await env.call('preferences.update', { downloadVideosOnCompletion: false })
})
afterAll(() => env.core.close())

describe('tunnel', () => {
  it('routes webhooks through the tunnel while it is up, and reports when it drops', async () => {
    const direct = (await env.call('receiver.state', {})).callbackUrl!
    const up = await env.call('tunnel.start', { provider: 'loopback' })
    expect(up).toMatchObject({
      status: 'up',
      provider: 'loopback',
      publicUrl: expect.stringMatching(/^https:\/\/127\.0\.0\.1:\d+$/),
    })
    const viaTunnel = (await env.call('receiver.state', {})).callbackUrl!
    expect(viaTunnel).toBe(`${up.publicUrl}${new URL(direct).pathname}`)

    const job = await env.call('videos.create', {
      request: { model: 'lumen/clip-1', prompt: 'through the tunnel' },
    })
    const done = await until(async () => {
      const detail = await env.call('videos.detail', { id: job.id })
      return detail.job.status === 'completed' && detail.deliveries.length > 0 ? detail : false
    })
    expect((done.request as { callback_url: string }).callback_url).toBe(viaTunnel)
    expect(done.deliveries[0]).toMatchObject({ verified: true, answered: 200 })

    await env.call('tunnel.stop', {})
    expect(await env.call('tunnel.state', {})).toMatchObject({ status: 'off', publicUrl: null })
    expect((await env.call('receiver.state', {})).callbackUrl).toBe(direct)
  })

  it('says why a tunnel cannot start', async () => {
    expect(
      await env.call('tunnel.start', { provider: 'manual', publicUrl: 'http://hooks.example.com' }),
    ).toMatchObject({
      status: 'failed',
      reason: 'The public URL must be an https address.',
    })
    expect(await env.call('tunnel.start', { provider: 'ngrok' }).catch((error) => error)).toMatchObject({
      path: ['authtoken'],
    })
    const cloudflared = await env.call('tunnel.start', { provider: 'cloudflared' }).catch((error) => error)
    expect(cloudflared.message).toMatch(/cloudflared is not installed|cloudflared/)
  })
})

describe('a tunnel that drops by itself', () => {
  it('is marked down with the time it dropped', async () => {
    const { createTunnelService } = await import('./service.ts')
    const changes: string[] = []
    const service = createTunnelService({ onChange: (state) => changes.push(state.status), now: () => 1234 })
    let drop: (reason: string) => void = () => {}
    await service.start(
      'loopback',
      {
        open: async (_upstream, onDrop) => {
          drop = onDrop
          return { publicUrl: 'https://relay.example', close: async () => {} }
        },
      },
      'https://127.0.0.1:1',
    )
    expect(service.state()).toMatchObject({ status: 'up', publicUrl: 'https://relay.example' })
    drop('connection lost')
    expect(service.state()).toMatchObject({
      status: 'off',
      publicUrl: null,
      droppedAt: 1234,
      reason: 'The tunnel went down: connection lost.',
    })
    expect(changes).toEqual(['starting', 'up', 'off'])
  })
})
