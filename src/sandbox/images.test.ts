// Contract tests of document 1 §4.2–4.4 (image generation, editing, provider pinning), over real HTTP.
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { ImageResult } from '#shared/api/images'
import { imageMessages } from '#shared/domain/images'
import { bearer, call, demoKey, postJson, startSandboxForFile } from './testing/client.ts'

const { url } = startSandboxForFile()
const generate = (body: unknown, headers: Record<string, string> = bearer()) =>
  postJson(url('/v1/images/generations'), body, headers)
const errorOf = (reply: { body: unknown }) =>
  (reply.body as { error: { message: string; code: string | null } }).error
const decode = (reply: { body: unknown }, index = 0) =>
  Buffer.from(ImageResult.parse(reply.body).data[index]!.b64_json, 'base64')
const smallPng = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer()

function editForm(
  fields: Record<string, string>,
  image?: { bytes: Buffer; type: string; name: string },
): FormData {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  if (image) form.append('image', new Blob([new Uint8Array(image.bytes)], { type: image.type }), image.name)
  return form
}
const edit = (form: FormData, headers: Record<string, string> = {}) =>
  call(url('/v1/images/edits'), {
    method: 'POST',
    headers: { authorization: `Bearer ${demoKey}`, ...headers },
    body: form,
  })

describe('§4.2 generations', () => {
  it.each([
    ['A', 'lumen/image-1', 'png'],
    ['B', 'aurora/flash-image', 'jpeg'],
    ['C', 'orbit/ref-image', 'webp'],
  ] as const)(
    'family %s returns a real image in the requested format and size',
    async (_family, model, format) => {
      const reply = await generate({
        model,
        prompt: 'a lighthouse at dusk',
        size: '512x512',
        output_format: format,
      })
      expect(reply.status).toBe(200)
      const body = ImageResult.parse(reply.body)
      expect(body.model).toBe(model)
      const meta = await sharp(decode(reply)).metadata()
      expect([meta.format, meta.width, meta.height]).toEqual([format, 512, 512])
      expect(body.usage.num_input_images).toBeUndefined()
      expect(body.usage.total_tokens).toBe(body.usage.input_tokens + body.usage.output_tokens)
    },
  )

  it('derives the image from the prompt, deterministically', async () => {
    const a = await generate({ model: 'orbit/ref-image', prompt: 'red fox', size: '256x256' })
    const again = await generate({ model: 'orbit/ref-image', prompt: 'red fox', size: '256x256' })
    const b = await generate({ model: 'orbit/ref-image', prompt: 'blue whale', size: '256x256' })
    expect(decode(again).equals(decode(a))).toBe(true)
    expect(decode(b).equals(decode(a))).toBe(false)
  })

  it('returns n images for families A and C, and refuses n for family B', async () => {
    const several = await generate({
      model: 'lumen/image-1',
      prompt: 'tiles',
      n: 3,
      size: '256x256',
      extra_body: { provider: { type: 'origin' } },
    })
    expect(ImageResult.parse(several.body).data.map((d) => d.index)).toEqual([0, 1, 2])
    const familyB = await generate({ model: 'aurora/flash-image', prompt: 'tiles', n: 1 })
    expect(familyB.status).toBe(400)
    expect(errorOf(familyB).message).toBe(imageMessages.nForFamilyB('aurora/flash-image'))
  })

  it('uses input_images for family C only, 1 to 3 of them, and silently ignores other spellings', async () => {
    const reference = `data:image/png;base64,${(await smallPng()).toString('base64')}`
    const used = await generate({
      model: 'orbit/ref-image',
      prompt: 'poster',
      size: '256x256',
      input_images: [reference, reference],
    })
    expect(ImageResult.parse(used.body).usage.num_input_images).toBe(2)
    const plain = await generate({ model: 'orbit/ref-image', prompt: 'poster', size: '256x256' })
    expect(decode(used).equals(decode(plain))).toBe(false)
    for (const spelling of ['image_urls', 'image', 'images']) {
      const ignored = await generate({
        model: 'orbit/ref-image',
        prompt: 'poster',
        size: '256x256',
        [spelling]: [reference],
      })
      expect(ignored.status).toBe(200)
      expect(ImageResult.parse(ignored.body).usage.num_input_images).toBeUndefined()
      expect(decode(ignored).equals(decode(plain))).toBe(true)
    }
    const familyA = await generate({
      model: 'lumen/image-1-edit',
      prompt: 'poster',
      size: '256x256',
      input_images: [reference],
    })
    expect(ImageResult.parse(familyA.body).usage.num_input_images).toBeUndefined()
    const four = await generate({
      model: 'orbit/ref-image',
      prompt: 'poster',
      input_images: [reference, reference, reference, reference],
    })
    expect(four.status).toBe(400)
    expect((await generate({ model: 'orbit/ref-image', prompt: 'poster', input_images: [] })).status).toBe(
      400,
    )
  })
})

describe('§4.3 input_fidelity', () => {
  it('takes input_fidelity on the edit-optimized model only, low or high', async () => {
    const image = { bytes: await smallPng(), type: 'image/png', name: 'in.png' }
    const kept = await edit(
      editForm({ model: 'lumen/image-1-edit', prompt: 'p', input_fidelity: 'high' }, image),
    )
    expect(kept.status).toBe(200)
    const base = await edit(editForm({ model: 'lumen/image-1', prompt: 'p', input_fidelity: 'high' }, image))
    expect(base.status).toBe(400)
    expect(JSON.stringify(base.body)).toContain('input_fidelity is not supported by lumen/image-1')
    const odd = await edit(
      editForm({ model: 'lumen/image-1-edit', prompt: 'p', input_fidelity: 'exact' }, image),
    )
    expect(JSON.stringify(odd.body)).toContain('input_fidelity must be one of low, high')
  })
})

describe('§4.4 provider pinning', () => {
  it('pins by header or by extra_body.provider.type, and refuses a provider that does not serve the model', async () => {
    const byHeader = await generate(
      { model: 'lumen/image-1', prompt: 'p', size: '256x256' },
      { ...bearer(), 'x-svc-provider-type': 'origin' },
    )
    expect(byHeader.headers.get('x-svc-provider')).toBe('origin')
    const byBody = await generate({
      model: 'lumen/image-1',
      prompt: 'p',
      size: '256x256',
      extra_body: { provider: { type: 'cloudhost' } },
    })
    expect(byBody.headers.get('x-svc-provider')).toBe('cloudhost')
    const unavailable = await generate({
      model: 'orbit/ref-image',
      prompt: 'p',
      extra_body: { provider: { type: 'cloudhost' } },
    })
    expect(unavailable.status).toBe(400)
    expect(errorOf(unavailable)).toMatchObject({
      code: 'provider_type_unavailable',
      message: imageMessages.providerUnavailable('cloudhost', 'orbit/ref-image'),
    })
  })

  it('splits unpinned requests between both providers of the family A base model', async () => {
    const providers = new Set<string | null>()
    for (let i = 0; i < 8; i++) {
      providers.add(
        (await generate({ model: 'lumen/image-1', prompt: `split ${i}`, size: '256x256' })).headers.get(
          'x-svc-provider',
        ),
      )
    }
    expect([...providers].sort()).toEqual(['cloudhost', 'origin'])
  })

  it('lets the cloud host reject a prompt its moderation flags, with the advice to pin the origin', async () => {
    const prompt = 'a taboo subject'
    const strict = await generate(
      { model: 'lumen/image-1', prompt, size: '256x256' },
      { ...bearer(), 'x-svc-provider-type': 'cloudhost' },
    )
    expect(strict.status).toBe(400)
    expect(errorOf(strict).message).toMatch(/Pin the origin provider|pin it/i)
    const origin = await generate(
      { model: 'lumen/image-1', prompt, size: '256x256' },
      { ...bearer(), 'x-svc-provider-type': 'origin' },
    )
    expect(origin.status).toBe(200)
  })
})

describe('§4.3 edits', () => {
  it('edits a PNG with family A: size auto keeps the original size, usage counts the input image', async () => {
    const source = await smallPng()
    const reply = await edit(
      editForm(
        { model: 'lumen/image-1', prompt: 'make it warmer', size: 'auto' },
        { bytes: source, type: 'image/png', name: 'in.png' },
      ),
      {
        'x-svc-provider-type': 'origin',
      },
    )
    expect(reply.status).toBe(200)
    const body = ImageResult.parse(reply.body)
    expect(body.size).toBe('auto')
    expect(body.usage.num_input_images).toBe(1)
    expect(body.usage.input_tokens_details.image_tokens).toBeGreaterThan(0)
    const result = sharp(decode(reply))
    expect(await result.metadata()).toMatchObject({ width: 64, height: 48 })
    const [before, after] = await Promise.all([
      sharp(source).raw().toBuffer(),
      result.removeAlpha().raw().toBuffer(),
    ])
    expect(after.equals(before)).toBe(false)
  })

  it('resizes to a given size, and accepts JPEG', async () => {
    const jpeg = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#aa0000' } })
      .jpeg()
      .toBuffer()
    const reply = await edit(
      editForm(
        { model: 'lumen/image-1-edit', prompt: 'x', size: '256x256' },
        { bytes: jpeg, type: 'image/jpeg', name: 'a.jpg' },
      ),
    )
    expect(await sharp(decode(reply)).metadata()).toMatchObject({ width: 256, height: 256 })
  })

  it('honours the header pin and ignores an extra_body form field', async () => {
    const image = { bytes: await smallPng(), type: 'image/png', name: 'in.png' }
    const ignored = await edit(
      editForm(
        { model: 'lumen/image-1-edit', prompt: 'x', extra_body: '{"provider":{"type":"cloudhost"}}' },
        image,
      ),
    )
    expect(ignored.status).toBe(200)
    const pinned = await edit(editForm({ model: 'lumen/image-1-edit', prompt: 'x' }, image), {
      'x-svc-provider-type': 'cloudhost',
    })
    expect(pinned.status).toBe(400)
    expect(errorOf(pinned).code).toBe('provider_type_unavailable')
  })

  it('refuses family B and C models, non-image files, and a missing image', async () => {
    const image = { bytes: await smallPng(), type: 'image/png', name: 'in.png' }
    const familyB = await edit(editForm({ model: 'aurora/flash-image', prompt: 'x' }, image))
    expect(familyB.status).toBe(400)
    expect(errorOf(familyB).message).toMatch(/Image editing is not supported for model 'aurora\/flash-image'/)
    expect((await edit(editForm({ model: 'orbit/ref-image', prompt: 'x' }, image))).status).toBe(400)
    const text = await edit(
      editForm(
        { model: 'lumen/image-1', prompt: 'x' },
        { bytes: Buffer.from('hello'), type: 'image/png', name: 'fake.png' },
      ),
    )
    expect(errorOf(text).message).toBe(imageMessages.editImageType)
    expect((await edit(editForm({ model: 'lumen/image-1', prompt: 'x' }))).status).toBe(400)
    const json = await call(url('/v1/images/edits'), { method: 'POST', headers: bearer(), body: '{}' })
    expect(json.status).toBe(415)
  })
})
