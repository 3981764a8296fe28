// The app's normalization of the three listing styles, on the sandbox's real responses over HTTP, and the
// control API that changes the catalog while it runs.
import { describe, expect, it } from 'vitest'
import { GenerativeModelList, MessageModelList, UnifiedModelList } from '#shared/api/models'
import { fromGenerative, fromMessages, fromUnified, mergeListings } from '#shared/domain/catalog'
import { call, postJson, startSandboxForFile } from './testing/client.ts'

const env = startSandboxForFile()
const json = { 'content-type': 'application/json' }
const listings = async () => ({
  unified: UnifiedModelList.parse((await call(env.url('/v1/models'))).body).data.map(fromUnified),
  generative: GenerativeModelList.parse((await call(env.url('/gen-native/v1beta/models'))).body).models.map(
    fromGenerative,
  ),
  messages: MessageModelList.parse((await call(env.url('/msg-native/v1/models'))).body).data.map(
    fromMessages,
  ),
})

describe('normalizing the listing styles', () => {
  it('reads each style into the same record: ids, names, context, prices and dates', async () => {
    const { unified, generative, messages } = await listings()
    expect(generative.map((m) => m.id)).toEqual(unified.map((m) => m.id))
    expect(messages.map((m) => m.id)).toEqual(unified.map((m) => m.id))
    const flash = (list: typeof unified) => list.find((m) => m.id === 'aurora/flash-2')
    expect(flash(unified)).toMatchObject({ contextLength: 1_048_576, moderated: false })
    expect(flash(generative)?.contextLength).toBe(flash(unified)?.contextLength)
    expect(flash(messages)?.created).toBe(flash(unified)?.created)
    expect(flash(generative)?.created).toBeNull()
    expect(flash(generative)?.prices.cacheRead).toBe(flash(unified)?.prices.cacheRead)
    expect(flash(generative)?.prices.cacheWrite1h).toBeNull()
  })

  it('merges by id with roles, and keeps where the styles disagree', async () => {
    const merged = mergeListings(await listings())
    const byId = new Map(merged.map((m) => [m.id, m]))
    expect(byId.get('sysone/judge-1')?.roles).toEqual(['decision'])
    expect(byId.get('lumen/image-1')?.roles).toEqual(['image'])
    expect(byId.get('orbit/motion-2')?.roles).toContain('video')
    expect(byId.get('nimbus/chat-4')?.roles).toEqual(['chat'])
    expect(byId.get('aurora/flash-2')?.styles).toEqual(['unified', 'generative', 'messages'])
    // The generative listing names the image model differently; its missing creation time is no disagreement.
    expect(byId.get('aurora/flash-image')?.disagreements).toEqual([
      {
        field: 'name',
        values: {
          unified: 'Aurora Flash Image',
          generative: 'Flash Image (preview)',
          messages: 'Aurora Flash Image',
        },
      },
    ])
    expect(byId.get('nimbus/chat-4')?.disagreements).toEqual([])
  })
})

describe('the catalog changing while the service runs', () => {
  it('adds, removes and reprices models in every style', async () => {
    const before = mergeListings(await listings())
    const changed = await postJson(
      env.url('/__sandbox/catalog'),
      {
        add: [
          {
            id: 'nimbus/chat-5',
            name: 'Nimbus Chat 5',
            pricing: { prompt: '0.000001', completion: '0.000004' },
          },
        ],
        remove: ['lumen/clip-1'],
        prices: { 'aurora/flash-2': { prompt: '0.00000035' } },
      },
      json,
    )
    expect(changed.status).toBe(200)
    const after = mergeListings(await listings())
    const ids = (models: typeof before) => new Set(models.map((model) => model.id))
    expect([...ids(after)].filter((id) => !ids(before).has(id))).toEqual(['nimbus/chat-5'])
    expect([...ids(before)].filter((id) => !ids(after).has(id))).toEqual(['lumen/clip-1'])
    const repriced = after.find((model) => model.id === 'aurora/flash-2')
    expect(repriced?.prices.prompt).toBe('0.00000035')
    expect(repriced?.disagreements.filter((d) => d.field === 'prices.prompt')).toEqual([])
    expect((await call(env.url('/v1/models/nimbus/chat-5'))).status).toBe(200)
    expect((await postJson(env.url('/__sandbox/catalog'), { remove: ['nobody/none'] }, json)).status).toBe(
      404,
    )
  })
})
