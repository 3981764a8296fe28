// The whole loop against the embedded sandbox: create, webhook to the loopback receiver, completion,
// download; polling as the fallback; cancel and delete.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startCore, until } from '../../testing/core.ts'

let env: Awaited<ReturnType<typeof startCore>>
beforeAll(async () => {
  env = await startCore({ sandboxTimeScale: 0.002 })
})
afterAll(() => env.core.close())

describe('video jobs on the Sandbox profile', () => {
  it('creates a job with the receiver as callback, and learns the outcome by webhook', async () => {
    const receiver = await env.call('receiver.state', {})
    expect(receiver).toMatchObject({
      running: true,
      callbackUrl: expect.stringMatching(/^https:\/\/127\.0\.0\.1:\d+\/webhooks\//),
    })
    const job = await env.call('videos.create', {
      request: { model: 'orbit/motion-2', prompt: 'a paper boat on a river', duration: 3 },
    })
    expect(job).toMatchObject({ status: 'pending', mode: 'text2video' })
    const done = await until(async () => {
      const detail = await env.call('videos.detail', { id: job.id })
      return detail.job.mediaUrl ? detail : false
    })
    expect(done.job).toMatchObject({ status: 'completed', videoSeconds: 3, videoCost: '0.15' })
    expect(done.job.mediaUrl).toMatch(/^\/media\/[0-9a-f]{64}$/)
    expect(done.deliveries).toHaveLength(1)
    expect(done.deliveries[0]).toMatchObject({
      verified: true,
      duplicate: false,
      answered: 200,
      event: 'video.generation.completed',
    })
    expect((done.request as { callback_url: string }).callback_url).toBe(receiver.callbackUrl)
    // Said once the file is downloaded, after the burst it may belong to: opening the job, offering its folder.
    const notice = await until(() =>
      env.platform.notifications.find((one) => one.path === `/videos?job=${job.id}`),
    )
    expect(notice).toMatchObject({ title: 'Video is ready', showInFolder: expect.stringMatching(/\.mp4$/) })
    expect((await env.call('videos.polling', {})).pending).toBe(0)
  })

  it('cancels a pending job and deletes a job with its downloaded file', async () => {
    const slow = await startCore({ sandboxTimeScale: 10 })
    const job = await slow.call('videos.create', { request: { model: 'orbit/motion-2', prompt: 'slow' } })
    const cancelled = await slow.call('videos.cancel', { id: job.id })
    expect(cancelled.status).toBe('cancelled')
    const refused = await slow.call('videos.cancel', { id: job.id }).catch((error) => error)
    expect(refused).toMatchObject({
      serviceCode: 'cancel_failed',
      hint: expect.stringContaining('already finished'),
    })
    const stubborn = await slow.call('videos.create', {
      request: { model: 'lumen/clip-1', prompt: 'cannot stop' },
    })
    expect(await slow.call('videos.cancel', { id: stubborn.id }).catch((error) => error)).toMatchObject({
      serviceCode: 'cancel_not_supported',
    })
    await slow.core.close()

    const listed = (await env.call('videos.list', { limit: 100 })).jobs
    const withFile = listed.find((item) => item.mediaUrl)!
    const mediaId = withFile.mediaUrl!.split('/').at(-1)!
    expect(existsSync(join(env.userData, 'media', `${mediaId}.mp4`))).toBe(true)
    expect(await env.call('videos.delete', { id: withFile.id })).toEqual({ deleted: true })
    expect(existsSync(join(env.userData, 'media', `${mediaId}.mp4`))).toBe(false)
    expect(
      (await env.call('videos.list', { limit: 100 })).jobs.find((item) => item.id === withFile.id),
    ).toBeUndefined()
  })

  it('keeps a file another job shows too when one of them is deleted', async () => {
    const made = await Promise.all(
      ['twin one', 'twin two'].map((prompt) =>
        env.call('videos.create', { request: { model: 'orbit/motion-2', prompt } }),
      ),
    )
    const done = await until(async () => {
      const details = await Promise.all(made.map(({ id }) => env.call('videos.detail', { id })))
      return details.every((detail) => detail.job.mediaUrl) ? details : false
    })
    // The same video downloaded twice is kept once.
    const shown = done[0]!.job.mediaUrl!
    expect(done[1]!.job.mediaUrl).toBe(shown)
    const file = join(env.userData, 'media', `${shown.split('/').at(-1)}.mp4`)
    await env.call('videos.delete', { id: made[0]!.id })
    expect(existsSync(file)).toBe(true)
    expect((await env.call('videos.detail', { id: made[1]!.id })).job.mediaUrl).toBe(shown)
    await env.call('videos.delete', { id: made[1]!.id })
    expect(existsSync(file)).toBe(false)
  })

  it('explains a 402 with the balance, and creates nothing', async () => {
    const poor = await startCore({ sandboxCredits: 1 })
    const error = await poor
      .call('videos.create', {
        request: { model: 'orbit/motion-2', prompt: 'huge', duration: 15, resolution: '4K' },
      })
      .catch((e) => e)
    expect(error).toMatchObject({
      status: 402,
      serviceCode: 'insufficient_credits',
      hint: expect.stringContaining('balance'),
    })
    expect(error.message).toBe('This job is estimated at $6, more than the balance of $1.')
    expect((await poor.call('videos.list', { limit: 100 })).jobs).toEqual([])
    await poor.core.close()
  })

  it('filters the board by status, model, mode and text', async () => {
    await env.call('videos.create', { request: { model: 'lumen/clip-1', prompt: 'zebra crossing at dawn' } })
    expect((await env.call('videos.list', { text: 'zebra', limit: 50 })).jobs.map((j) => j.model)).toEqual([
      'lumen/clip-1',
    ])
    expect(
      (await env.call('videos.list', { model: 'lumen/clip-1', limit: 50 })).jobs.every(
        (j) => j.model === 'lumen/clip-1',
      ),
    ).toBe(true)
    expect((await env.call('videos.list', { mode: 'img2video', limit: 50 })).jobs).toEqual([])
  })
})

describe('the board read a page at a time', () => {
  it('counts on the first page, and each next page starts where the one before ended', async () => {
    const slow = await startCore({ sandboxTimeScale: 10 })
    try {
      for (const prompt of ['one', 'two', 'three', 'four', 'five'])
        await slow.call('videos.create', { request: { model: 'orbit/motion-2', prompt } })
      const first = await slow.call('videos.list', { limit: 2 })
      expect(first.total).toBe(5)
      const pages = [first]
      for (let after = first.next; after; after = pages.at(-1)?.next ?? null)
        pages.push(await slow.call('videos.list', { after, limit: 2 }))
      expect(pages.map((page) => page.jobs.map((job) => job.prompt))).toEqual([
        ['five', 'four'],
        ['three', 'two'],
        ['one'],
      ])
      expect(pages.slice(1).map((page) => page.total)).toEqual([null, null])
      expect((await slow.call('videos.list', { offset: 4, limit: 2 })).jobs.map((job) => job.prompt)).toEqual(
        ['one'],
      )
    } finally {
      await slow.core.close()
    }
  })
})
