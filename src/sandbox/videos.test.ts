// Contract tests of document 2 §4, §5, §7, §8 (video jobs), over real HTTP.
import { describe, expect, it } from 'vitest'
import { VideoTask } from '#shared/api/videos'
import { bearer, call, demoKey, otherKey, postJson, startSandboxForFile } from './testing/client.ts'

const env = startSandboxForFile({ timeScale: 0.001 })
const { url } = env
const create = (body: unknown, key = demoKey) => postJson(url('/v1/videos'), body, bearer(key))
const read = (id: string, key = demoKey) => call(url(`/v1/videos/${id}`), { headers: bearer(key) })
const cancel = (id: string, key = demoKey) =>
  call(url(`/v1/videos/${id}`), { method: 'DELETE', headers: bearer(key) })
const codeOf = (reply: { body: unknown }) =>
  (reply.body as { error: { code: string; message: string } }).error
const image = (url: string) => ({ type: 'image_url', image_url: { url } })
const control = (path: string, body: unknown) =>
  postJson(url(`/__sandbox${path}`), body, { 'content-type': 'application/json' })

async function settled(id: string): Promise<VideoTask> {
  for (let i = 0; i < 200; i++) {
    const task = VideoTask.parse((await read(id)).body)
    if (task.status !== 'pending') return task
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  throw new Error('job never settled')
}

describe('§4.1 create and §2.3 task object', () => {
  it('accepts with 202 and a polling URL, then completes with usage and playable results', async () => {
    const reply = await create({
      model: 'orbit/motion-2',
      prompt: 'a kite over the sea',
      duration: 4,
      resolution: '1080p',
    })
    expect(reply.status).toBe(202)
    const { id, status, polling_url } = reply.body as { id: string; status: string; polling_url: string }
    expect(status).toBe('pending')
    expect(polling_url).toBe(url(`/v1/videos/${id}`))
    expect(id).toMatch(/^[0-9a-f-]{36}$/)
    const task = await settled(id)
    expect(task).toMatchObject({
      status: 'completed',
      model: 'orbit/motion-2',
      prompt: 'a kite over the sea',
    })
    expect(task.usage).toEqual({ video_seconds: 4, video_cost: '0.4' })
    expect(task.updated_at).toBeGreaterThanOrEqual(task.created_at)
    const video = await fetch(task.unsigned_urls[0]!, { headers: { range: 'bytes=0-99' } })
    expect([video.status, video.headers.get('content-type'), (await video.arrayBuffer()).byteLength]).toEqual(
      [206, 'video/mp4', 100],
    )
    const mirror = await fetch(task.mirror_urls[0]!)
    expect(mirror.status).toBe(200)
    expect(
      (await fetch(`${task.mirror_urls[0]!.split('?')[0]}?expires=9999999999&signature=forged`)).status,
    ).toBe(403)
  })

  it('plays a clip as long as the job was billed for', async () => {
    /** The sample holds a fragment (`moof`) per second; a clip is its first fragments. */
    const fragments = (bytes: Buffer) => {
      let count = 0
      for (let at = 0; at + 8 <= bytes.length; at += bytes.readUInt32BE(at))
        if (bytes.toString('latin1', at + 4, at + 8) === 'moof') count++
      return count
    }
    const clip = async (duration: number) => {
      const { id } = (await create({ model: 'orbit/motion-2', prompt: 'p', duration })).body as { id: string }
      const task = await settled(id)
      expect(task.usage?.video_seconds).toBe(duration)
      return Buffer.from(await (await fetch(task.unsigned_urls[0]!)).arrayBuffer())
    }
    const [four, five, fifteen] = [await clip(4), await clip(5), await clip(15)]
    expect([fragments(four), fragments(five), fragments(fifteen)]).toEqual([4, 5, 15])
    expect(five.subarray(0, four.length).equals(four)).toBe(true)
    // A range past the clip's end is refused, as past any file's end.
    const { id } = (await create({ model: 'orbit/motion-2', prompt: 'p', duration: 4 })).body as {
      id: string
    }
    const past = await fetch((await settled(id)).unsigned_urls[0]!, {
      headers: { range: `bytes=${four.length}-` },
    })
    expect([past.status, past.headers.get('content-range')]).toEqual([416, `bytes */${four.length}`])
  })

  it('fails a job the provider rejects, and charges nothing for it', async () => {
    await control(`/keys/${otherKey}`, { credits: 10 })
    const reply = await create(
      { model: 'lumen/clip-1', prompt: 'please fail this one', duration: 5 },
      otherKey,
    )
    const task = await (async () => {
      for (;;) {
        const t = VideoTask.parse((await read((reply.body as { id: string }).id, otherKey)).body)
        if (t.status !== 'pending') return t
        await new Promise((r) => setTimeout(r, 10))
      }
    })()
    expect(task.status).toBe('failed')
    expect(task.usage?.video_cost).toBe('0')
    expect((await control(`/keys/${otherKey}`, {})).body).toMatchObject({ credits: '10' })
  })

  it.each([
    ['text2video', {}],
    ['img2video', { frame_images: [{ ...image('https://e.com/a.png'), frame_type: 'first_frame' }] }],
  ])('infers %s', async (mode, extra) => {
    const reply = await create({ model: 'orbit/motion-2', prompt: 'mode', ...extra })
    expect(reply.status).toBe(202)
    expect(env.sandbox.videos.jobs.get((reply.body as { id: string }).id)?.mode).toBe(mode)
  })
})

describe('§4.1 validation rules, in order of precedence', () => {
  const refs = (n: number, type = 'image_url') =>
    Array.from({ length: n }, () => ({ type, [type]: { url: 'https://e.com/x' } }))
  it.each([
    ['missing prompt', { model: 'orbit/motion-2' }, 400, 'invalid_request'],
    ['unknown model', { model: 'no/such', prompt: 'p' }, 404, 'model_not_found'],
    [
      'rule 1: both reference fields',
      {
        model: 'orbit/motion-2',
        prompt: 'p',
        frame_images: [{ ...image('https://e.com/a'), frame_type: 'first_frame' }],
        input_references: refs(1),
      },
      400,
      'references_conflict',
    ],
    [
      'rule 1: an empty frame list beside references (presence, not length)',
      { model: 'orbit/motion-2', prompt: 'p', frame_images: [], input_references: refs(1) },
      400,
      'references_conflict',
    ],
    [
      'an empty frame list on its own',
      { model: 'orbit/motion-2', prompt: 'p', frame_images: [] },
      400,
      'invalid_request',
    ],
    [
      'rule 4: an empty callback_url',
      { model: 'orbit/motion-2', prompt: 'p', callback_url: '' },
      400,
      'invalid_callback_url',
    ],
    [
      'a size of zero pixels',
      { model: 'orbit/motion-2', prompt: 'p', size: '00x00' },
      400,
      'invalid_request',
    ],
    [
      'rule 2: ten images',
      { model: 'orbit/motion-2', prompt: 'p', input_references: refs(10) },
      400,
      'too_many_references',
    ],
    [
      'rule 2: four audio clips',
      { model: 'orbit/motion-2', prompt: 'p', input_references: refs(4, 'audio_url') },
      400,
      'too_many_references',
    ],
    [
      'rule 2: two videos',
      { model: 'orbit/motion-2', prompt: 'p', input_references: refs(2, 'video_url') },
      400,
      'too_many_references',
    ],
    [
      'rule 3: real_person without an image',
      { model: 'orbit/motion-2', prompt: 'p', real_person: true, input_references: refs(1, 'audio_url') },
      400,
      'invalid_request',
    ],
    [
      'rule 4: http callback',
      { model: 'orbit/motion-2', prompt: 'p', callback_url: 'http://example.com/hook' },
      400,
      'invalid_callback_url',
    ],
    [
      'audio on a silent model',
      { model: 'lumen/clip-1', prompt: 'p', generate_audio: true },
      400,
      'invalid_request',
    ],
  ])('%s', async (_name, body, status, code) => {
    const reply = await create(body)
    expect(reply.status).toBe(status)
    expect(codeOf(reply).code).toBe(code)
  })

  it.each([
    'https://10.0.0.5/h',
    'https://127.0.0.1/h',
    'https://169.254.169.254/latest',
    'https://192.168.1.10/h',
    'https://172.20.0.1/h',
    'https://[::1]/h',
    'https://[fe80::1]/h',
    'https://[fd00::1]/h',
    'https://[::ffff:10.0.0.1]/h',
    'https://[::ffff:a9fe:a9fe]/h',
    'https://[::ffff:0:7f00:1]/h',
    'https://[2002:7f00:1::1]/h',
    'https://[64:ff9b:1::1]/h',
    'https://[fec0::1]/h',
    'https://localhost/h',
    'https://metadata.google.internal/h',
  ])('rule 4: refuses %s', async (callback_url) => {
    const reply = await create({ model: 'orbit/motion-2', prompt: 'p', callback_url })
    expect(codeOf(reply).code).toBe('invalid_callback_url')
  })

  it('rule 5: refuses with 402 when the estimate exceeds the balance, creating and charging nothing', async () => {
    await control('/keys/sk-poor', { credits: '0.1' })
    const before = env.sandbox.videos.jobs.size
    const reply = await create(
      { model: 'orbit/motion-2', prompt: 'p', duration: 10, resolution: '4K' },
      'sk-poor',
    )
    expect(reply.status).toBe(402)
    expect(codeOf(reply)).toMatchObject({ code: 'insufficient_credits' })
    expect(env.sandbox.videos.jobs.size).toBe(before)
    expect((await control('/keys/sk-poor', {})).body).toMatchObject({ credits: '0.1' })
  })
})

describe('§4.3 cancel and §5 ownership', () => {
  it('cancels a pending job, then refuses to cancel it again', async () => {
    await control(`/keys/${demoKey}`, { credits: 100 })
    const slow = await (await import('./server.ts')).startSandbox({ keys: [demoKey], timeScale: 10 })
    try {
      const created = await postJson(`${slow.url}/v1/videos`, { model: 'orbit/motion-2', prompt: 'p' })
      const id = (created.body as { id: string }).id
      const cancelled = await call(`${slow.url}/v1/videos/${id}`, { method: 'DELETE', headers: bearer() })
      expect(VideoTask.parse(cancelled.body).status).toBe('cancelled')
      const again = await call(`${slow.url}/v1/videos/${id}`, { method: 'DELETE', headers: bearer() })
      expect([again.status, codeOf(again).code]).toEqual([400, 'cancel_failed'])
      const noCancel = await postJson(`${slow.url}/v1/videos`, { model: 'lumen/clip-1', prompt: 'p' })
      const refused = await call(`${slow.url}/v1/videos/${(noCancel.body as { id: string }).id}`, {
        method: 'DELETE',
        headers: bearer(),
      })
      expect([refused.status, codeOf(refused).code]).toEqual([400, 'cancel_not_supported'])
    } finally {
      await slow.close()
    }
  })

  it('hides a job from another key exactly like an unknown one', async () => {
    const id = ((await create({ model: 'orbit/motion-2', prompt: 'mine' })).body as { id: string }).id
    const foreign = await read(id, otherKey)
    const unknown = await read('00000000-0000-0000-0000-000000000000', otherKey)
    expect([foreign.status, codeOf(foreign).code]).toEqual([404, 'not_found'])
    expect(foreign.body).toEqual({ error: { ...codeOf(unknown), message: codeOf(foreign).message } })
    expect((await cancel(id, otherKey)).status).toBe(404)
  })

  it('answers 401 unauthorized without a key and invalid_api_key for a wrong one', async () => {
    const none = await call(url('/v1/videos/x'))
    const wrong = await call(url('/v1/videos/x'), { headers: bearer('sk-wrong') })
    expect([none.status, codeOf(none).code]).toEqual([401, 'unauthorized'])
    expect([wrong.status, codeOf(wrong).code]).toEqual([401, 'invalid_api_key'])
  })
})

describe('§8 polling limit', () => {
  it('answers 429 rate_limited with Retry-After once the key is over its limit; create is not limited', async () => {
    await control('/keys/sk-poller', { credits: 100, pollLimit: { requests: 3, windowSeconds: 30 } })
    const id = ((await create({ model: 'orbit/motion-2', prompt: 'p' }, 'sk-poller')).body as { id: string })
      .id
    const statuses = []
    for (let i = 0; i < 4; i++) statuses.push((await read(id, 'sk-poller')).status)
    expect(statuses).toEqual([200, 200, 200, 429])
    const limited = await read(id, 'sk-poller')
    expect(codeOf(limited).code).toBe('rate_limited')
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(30)
    expect((await create({ model: 'orbit/motion-2', prompt: 'p' }, 'sk-poller')).status).toBe(202)
  })
})
