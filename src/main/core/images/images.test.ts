// The image canvas through the contract against the embedded sandbox: families, edits the family's way,
// files decoded and kept in main, the gallery across a restart.
import { execFileSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseAmount } from '#shared/domain/money'
import { startCore } from '../../testing/core.ts'

let env: Awaited<ReturnType<typeof startCore>>
beforeAll(async () => {
  env = await startCore()
})
afterAll(() => env.core.close())

const png = (width: number, height: number, color = '#2266aa') =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer()
const fileOf = async (url: string) => {
  const mediaId = url.split('/').at(-1) ?? ''
  return (await env.core.media.locate(mediaId))?.path ?? ''
}

describe('image models', () => {
  it('lists image models by family with only the options each takes', async () => {
    const listed = await env.call('images.models', {})
    const { models } = listed
    expect(models.map((m) => [m.id, m.family, m.pinnable])).toEqual([
      ['lumen/image-1', 'A', true],
      ['lumen/image-1-edit', 'A', false],
      ['aurora/flash-image', 'B', false],
      ['orbit/ref-image', 'C', false],
    ])
    expect(models.find((m) => m.family === 'B')?.options).not.toContain('n')
    expect(models.find((m) => m.family === 'C')?.options).toEqual(['size', 'n', 'output_format'])
    const cannotEdit = models.filter((m) => !m.readsImages).length
    expect(listed).toMatchObject({ total: 4, chosen: null, cannotEdit, takesReferences: true })
  })

  it('shows a field its worth: what is typed matched, the chosen model wherever it is, editors only to edit', async () => {
    const typed = await env.call('images.models', { text: 'flash', chosen: 'orbit/ref-image' })
    expect(typed.models.map((m) => m.id)).toEqual(['aurora/flash-image'])
    expect(typed.total).toBe(1)
    expect(typed.chosen).toMatchObject({ id: 'orbit/ref-image', family: 'C' })
    const first = await env.call('images.models', { limit: 2 })
    expect(first.models).toHaveLength(2)
    expect(first.total).toBe(4)
    const editing = await env.call('images.models', { editing: true })
    expect(editing.models.map((m) => m.readsImages)).toEqual(editing.models.map(() => true))
    expect(editing.total + editing.cannotEdit).toBe(4)
    expect((await env.call('images.models', { chosen: 'sysone/judge-1' })).chosen).toBeNull()
  })
})

describe('generating and editing', () => {
  it('generates several images with family A, decodes and keeps each, and splits the cost exactly', async () => {
    const { images } = await env.call('images.generate', {
      model: 'lumen/image-1',
      prompt: 'a lighthouse at dusk',
      options: { n: 2, size: '256x256', quality: 'low' },
      provider: 'origin',
    })
    expect(images).toHaveLength(2)
    expect(
      images.every((image) => image.provider === 'origin' && image.width === 256 && image.height === 256),
    ).toBe(true)
    for (const image of images)
      expect((await readFile(await fileOf(image.url))).subarray(1, 4).toString()).toBe('PNG')
    const usage = images[0]?.usage
    const expected =
      parseAmount('0.000005') * BigInt(usage?.inputTokens ?? 0) +
      parseAmount('0.00004') * BigInt(usage?.outputTokens ?? 0)
    expect(images.reduce((sum, image) => sum + parseAmount(image.cost ?? '0'), 0n)).toBe(expected)
  })

  it('explains the stricter provider refusing a prompt, with the document advice to pin the origin', async () => {
    const error = await env
      .call('images.generate', {
        model: 'lumen/image-1',
        prompt: 'a taboo subject',
        options: {},
        provider: 'cloudhost',
      })
      .catch((e) => e)
    expect(error).toMatchObject({ serviceCode: 'content_policy_violation' })
    expect(error.hint).toMatch(/origin/i)
  })

  it('refuses a file that is not an image, and keeps a PNG with its size', async () => {
    await expect(
      env.call('images.import', {
        fileName: 'notes.txt',
        dataBase64: Buffer.from('hello').toString('base64'),
      }),
    ).rejects.toMatchObject({ message: 'notes.txt is not an image. Use a PNG or JPEG file.' })
    const record = await env.call('images.import', {
      fileName: 'source.png',
      dataBase64: (await png(300, 170)).toString('base64'),
    })
    expect(record).toMatchObject({ kind: 'uploaded', width: 300, height: 170, prompt: 'source.png' })
  })

  it('edits with family A through edits (size auto keeps the original), B through generateContent, C through input_images', async () => {
    const source = await env.call('images.import', {
      fileName: 'photo.png',
      dataBase64: (await png(320, 200, '#aa4422')).toString('base64'),
    })
    const sourceBytes = await readFile(await fileOf(source.url))

    const [viaEdits] = (
      await env.call('images.edit', {
        model: 'lumen/image-1',
        prompt: 'add a red balloon',
        sourceId: source.id,
        options: { size: 'auto' },
        provider: 'origin',
      })
    ).images
    expect(viaEdits).toMatchObject({ kind: 'edited', parentId: source.id, width: 320, height: 200 })
    expect(viaEdits?.usage?.imageTokens).toBeGreaterThan(0)
    expect((await readFile(await fileOf(viaEdits?.url ?? ''))).equals(sourceBytes)).toBe(false)

    const [viaContent] = (
      await env.call('images.edit', {
        model: 'aurora/flash-image',
        prompt: 'make it night',
        sourceId: source.id,
        options: {},
      })
    ).images
    expect(viaContent?.parentId).toBe(source.id)
    expect(viaContent?.thoughts.length).toBeGreaterThan(0)
    expect(viaContent?.usage?.thoughtTokens).toBeGreaterThan(0)

    const [viaReferences] = (
      await env.call('images.edit', {
        model: 'orbit/ref-image',
        prompt: 'as a watercolor',
        sourceId: source.id,
        options: {},
      })
    ).images
    expect(viaReferences?.usage?.numInputImages).toBe(1)

    // input_fidelity goes out with the edit: the edit-optimized model takes it, the base model's service refuses it.
    const kept = await env.call('images.edit', {
      model: 'lumen/image-1-edit',
      prompt: 'keep the face',
      sourceId: source.id,
      options: { input_fidelity: 'high' },
    })
    expect(kept.images).toHaveLength(1)
    await expect(
      env.call('images.edit', {
        model: 'lumen/image-1',
        prompt: 'keep the face',
        sourceId: source.id,
        options: { input_fidelity: 'high' },
      }),
    ).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('input_fidelity is not supported'),
    })
  })

  it('generates with family C from gallery images as input_images', async () => {
    const reference = await env.call('images.import', {
      fileName: 'ref.png',
      dataBase64: (await png(64, 64, '#11aa55')).toString('base64'),
    })
    const { images } = await env.call('images.generate', {
      model: 'orbit/ref-image',
      prompt: 'a poster in this style',
      options: { size: '256x256' },
      referenceIds: [reference.id],
    })
    expect(images[0]?.usage?.numInputImages).toBe(1)
    expect(images[0]?.parentId).toBe(reference.id)
  })
})

describe('the gallery', () => {
  it('searches by prompt, filters by model, saves, copies, and deletes an image with its file', async () => {
    const found = await env.call('images.list', { text: 'lighthouse' })
    expect(found.length).toBeGreaterThanOrEqual(2)
    expect(found.every((image) => image.prompt.includes('lighthouse'))).toBe(true)
    expect(
      (await env.call('images.list', { model: 'orbit/ref-image' })).every(
        (i) => i.model === 'orbit/ref-image',
      ),
    ).toBe(true)
    expect(await env.call('images.prompts', {})).toContain('a lighthouse at dusk')

    const image = found[0]!
    const target = join(env.userData, 'saved.png')
    env.platform.dialogAnswers.push(target)
    expect(await env.call('images.saveAs', { id: image.id })).toEqual({ savedTo: target })
    expect(existsSync(target)).toBe(true)
    await env.call('images.copy', { id: image.id })
    expect(env.platform.copiedImages).toHaveLength(1)

    const file = await fileOf(image.url)
    expect(await env.call('images.delete', { id: image.id })).toEqual({ deleted: true })
    expect(existsSync(file)).toBe(false)
    await expect(env.call('images.get', { id: image.id })).rejects.toMatchObject({ code: 'not_found' })
  })

  it('takes a picked PNG, and refuses a pipe, an empty file or a text at once, saying why', async () => {
    const folder = join(env.userData, 'picked')
    mkdirSync(folder, { recursive: true })
    const png = join(folder, 'dusk.png')
    copyFileSync(await fileOf((await env.call('images.list', {}))[0]!.url), png)
    env.platform.dialogAnswers.push(png)
    expect(await env.call('images.pick', {})).toMatchObject({ kind: 'uploaded', prompt: 'dusk.png' })
    execFileSync('mkfifo', [join(folder, 'pipe.png')])
    writeFileSync(join(folder, 'empty.png'), '')
    writeFileSync(join(folder, 'notes.png'), 'not an image at all')
    for (const [file, message] of [
      ['pipe.png', 'pipe.png is not a file.'],
      ['empty.png', 'empty.png is empty.'],
      ['notes.png', /notes\.png/],
    ] as const) {
      env.platform.dialogAnswers.push(join(folder, file))
      await expect(env.call('images.pick', {})).rejects.toMatchObject({
        code: 'validation_failed',
        message: expect.stringMatching(message),
      })
    }
  })

  it('survives a restart of the app', async () => {
    const before = await env.call('images.list', {})
    await env.core.close()
    env = await startCore({ userData: env.userData })
    const after = await env.call('images.list', {})
    expect(after.map((image) => image.id)).toEqual(before.map((image) => image.id))
  })
})
