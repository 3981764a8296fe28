// Contract tests of document 2 §4.1 rule 6 and §7: real_person preprocessing reads every image for real and
// names the failing reference and its reason token.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { postJson, startSandboxForFile } from './testing/client.ts'

// This sandbox runs beside the test's image server, on this computer: it may fetch from loopback.
const { url } = startSandboxForFile({ timeScale: 0.001, allowPrivateAddresses: true })
const strict = startSandboxForFile({ timeScale: 0.001 })
let files = ''
let closedPort = 0
const server = createServer(async (req, res) => {
  if (req.url === '/photo.png') {
    res.writeHead(200, { 'content-type': 'image/png' }).end(
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
        .png()
        .toBuffer(),
    )
  } else if (req.url === '/huge.png') {
    res.writeHead(200, { 'content-type': 'image/png' })
    res.end(Buffer.alloc(11 * 1024 * 1024))
  } else res.writeHead(404).end()
})

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  files = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  closedPort = (probe.address() as AddressInfo).port
  await new Promise<void>((resolve) => probe.close(() => resolve()))
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const job = (references: string[], field: 'input_references' | 'frame_images' = 'input_references') =>
  postJson(url('/v1/videos'), {
    model: 'orbit/motion-2',
    prompt: 'portrait',
    real_person: true,
    [field]: references.map((ref, i) =>
      field === 'frame_images'
        ? { type: 'image_url', image_url: { url: ref }, frame_type: i === 0 ? 'first_frame' : 'last_frame' }
        : { type: 'image_url', image_url: { url: ref } },
    ),
  })

describe('real_person preprocessing', () => {
  it('accepts decodable images from data URIs and URLs', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer()
    const reply = await job([`data:image/png;base64,${png.toString('base64')}`, `${files}/photo.png`])
    expect(reply.status).toBe(202)
  })

  it.each([
    ['bad_data_uri', () => 'data:image/png;base64,@@not base64@@', 'input_references[1]'],
    [
      'not_image',
      () => `data:image/png;base64,${Buffer.from('plain text').toString('base64')}`,
      'input_references[1]',
    ],
    ['unreachable', () => `${files}/missing.png`, 'input_references[1]'],
    ['download_failed', () => `http://127.0.0.1:${closedPort}/x.png`, 'input_references[1]'],
    ['too_large', () => `${files}/huge.png`, 'input_references[1]'],
  ])('ends the message with (%s) and names the reference', async (reason, reference, field) => {
    const reply = await job([`${files}/photo.png`, reference()])
    expect(reply.status).toBe(400)
    const { code, message } = (reply.body as { error: { code: string; message: string } }).error
    expect(code).toBe('invalid_request')
    expect(message).toContain(field)
    expect(message.endsWith(`(${reason})`)).toBe(true)
  })

  it('fetches no private address unless told it runs on the caller’s computer', async () => {
    const reply = await postJson(strict.url('/v1/videos'), {
      model: 'orbit/motion-2',
      prompt: 'portrait',
      real_person: true,
      input_references: [{ type: 'image_url', image_url: { url: `${files}/photo.png` } }],
    })
    expect(reply.status).toBe(400)
    expect((reply.body as { error: { message: string } }).error.message).toMatch(/\(download_failed\)$/)
  })

  it('names frame_images references by their own field', async () => {
    const reply = await job([`${files}/photo.png`, `${files}/missing.png`], 'frame_images')
    expect((reply.body as { error: { message: string } }).error.message).toMatch(
      /frame_images\[1\].*\(unreachable\)$/,
    )
  })
})
