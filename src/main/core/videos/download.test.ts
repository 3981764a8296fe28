// Result files are fetched only where a gateway may send the app: https and public addresses for a live
// profile (the sandbox on this computer aside), a video and not something else, and within a size.
import { randomUUID } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { VideoTask } from '#shared/api/videos'
import { startCore } from '../../testing/core.ts'
import { pendingVideoJob } from '../history/video-jobs.ts'

let videoRequests = 0
const files = createServer((req, res) => {
  if (req.url === '/video.mp4') videoRequests++
  if (req.url === '/video.mp4')
    return res.writeHead(200, { 'content-type': 'video/mp4' }).end('not really mp4')
  if (req.url === '/page') return res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>hi</h1>')
  res.writeHead(404).end()
})
let origin = ''
let env: Awaited<ReturnType<typeof startCore>>
beforeAll(async () => {
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(files.address() as AddressInfo).port}`
  env = await startCore()
})
afterAll(async () => {
  await env.core.close()
  await new Promise<void>((resolve) => files.close(() => resolve()))
})

/** A finished job of `profileId` whose result lives at `url`. */
function finished(profileId: string, url: string): string {
  const id = randomUUID()
  const task: VideoTask = {
    id,
    status: 'completed',
    model: 'orbit/motion-2',
    prompt: 'p',
    unsigned_urls: [url],
    mirror_urls: [],
    usage: { video_seconds: 4, video_cost: '0.2' },
    created_at: 1,
    updated_at: 2,
  }
  env.core.history.videoJobs.insert({
    ...pendingVideoJob({ id, profileId, model: 'orbit/motion-2', prompt: 'p' }),
    status: 'completed',
    taskJson: JSON.stringify(task),
  })
  return id
}

describe('downloading a result', () => {
  it('refuses a live profile’s link to plain http on this computer', async () => {
    const id = finished('a-live-profile', `${origin}/video.mp4`)
    await expect(env.call('videos.download', { id })).rejects.toMatchObject({
      code: 'download_failed',
      message: expect.stringContaining('the link was refused: http links are not followed, only https'),
    })
  })

  it('refuses a live profile’s https link to a private address', async () => {
    const id = finished('a-live-profile', 'https://169.254.169.254/latest/video.mp4')
    await expect(env.call('videos.download', { id })).rejects.toMatchObject({
      message: expect.stringContaining('169.254.169.254 is a private or local address'),
    })
  })

  it('refuses a link that serves something other than a video', async () => {
    const id = finished('sandbox', `${origin}/page`)
    await expect(env.call('videos.download', { id })).rejects.toMatchObject({
      message: expect.stringContaining('the link gave text/html, not a video'),
    })
  })

  it('keeps the sandbox’s video from this computer', async () => {
    const id = finished('sandbox', `${origin}/video.mp4`)
    expect((await env.call('videos.download', { id })).mediaUrl).toBeTruthy()
  })

  it('fetches once when a first view and the download on completion ask together', async () => {
    const id = finished('sandbox', `${origin}/video.mp4`)
    const before = videoRequests
    const [first, second] = await Promise.all([
      env.call('videos.download', { id }),
      env.call('videos.download', { id }),
    ])
    expect(first.mediaUrl).toBe(second.mediaUrl)
    expect(videoRequests - before).toBe(1)
  })
})
