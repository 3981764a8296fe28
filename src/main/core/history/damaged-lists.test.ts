// One damaged row never empties a screen: every list a person reads (videos, images, decision runs, batches,
// conversations, webhook deliveries) loads its readable rows, leaves the damaged one out and on disk, and the
// app tells the person which row it was and what is wrong with it.
import { randomUUID } from 'node:crypto'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EventPayload } from '#shared/ipc/events'
import { startCore, until } from '../../testing/core.ts'
import { pixelPng } from '../../testing/crafted-images.ts'
import { pendingVideoJob } from './video-jobs.ts'

let env: Awaited<ReturnType<typeof startCore>>
const topics: string[] = []
beforeAll(async () => {
  env = await startCore()
  env.core.events.subscribe((name, payload) => {
    if (name === 'data.changed') topics.push(...(payload as EventPayload<'data.changed'>).topics)
  })
})
afterAll(() => env.core.close())

const sql = (statement: string, ...params: (string | number)[]) =>
  env.core.history.database.db.prepare(statement).run(...params)
const history = () => env.core.history
/** A 1×1 PNG of its own shade, so each import is its own file. */
const pixel = (shade: number) => pixelPng(shade).toString('base64')

type Case = {
  what: string
  /** Stores two rows and returns the id of the one to damage. */
  store: () => Promise<string>
  damage: (id: string) => void
  list: () => Promise<unknown[]>
}

const cases: Case[] = [
  {
    what: 'video job',
    store: async () => {
      const ids = [randomUUID(), randomUUID()]
      for (const id of ids)
        history().videoJobs.insert(
          pendingVideoJob({ id, profileId: 'sandbox', model: 'orbit/motion-2', prompt: 'p' }),
        )
      return ids[0] ?? ''
    },
    damage: (id) => sql("UPDATE video_jobs SET status = 'bogus' WHERE id = ?", id),
    list: async () => (await env.call('videos.list', { limit: 100 })).jobs,
  },
  {
    what: 'image',
    store: async () => {
      const first = await env.call('images.import', { fileName: 'a.png', dataBase64: pixel(1) })
      await env.call('images.import', { fileName: 'b.png', dataBase64: pixel(2) })
      return first.id
    },
    damage: (id) => sql("UPDATE image_results SET created_at = 'soon' WHERE id = ?", id),
    list: () => env.call('images.list', {}),
  },
  {
    what: 'decision run',
    store: async () => {
      const ids = [randomUUID(), randomUUID()]
      for (const id of ids)
        history().decisionRuns.insert({
          id,
          questionnaireId: null,
          batchId: null,
          model: 'sysone/judge-1',
          endpoint: 'unified',
          requestJson: '{"input":"x"}',
          responseJson: '{}',
          errorJson: null,
          cost: null,
          createdAt: Date.now(),
          questionnaireJson: null,
          profileId: 'sandbox',
        })
      return ids[0] ?? ''
    },
    damage: (id) => sql("UPDATE decision_runs SET request_json = '{' WHERE id = ?", id),
    list: () => env.call('decisions.runs', {}),
  },
  {
    what: 'batch',
    store: async () => {
      const ids = [randomUUID(), randomUUID()]
      for (const id of ids)
        history().decisionBatches.create(
          {
            id,
            name: 'b',
            questionnaireJson: '{"name":"b","questions":[]}',
            model: 'sysone/judge-1',
            endpoint: 'unified',
            templateJson: '{}',
            profileId: 'sandbox',
            concurrency: 1,
            retries: 3,
            spendCap: null,
            status: 'done',
            createdAt: Date.now(),
            updatedAt: Date.now(),
            sourceColumnsJson: null,
          },
          [],
        )
      return ids[0] ?? ''
    },
    damage: (id) => sql("UPDATE decision_batches SET status = 'bogus' WHERE id = ?", id),
    list: () => env.call('batches.list', {}),
  },
  {
    what: 'conversation',
    store: async () => {
      const ids = [randomUUID(), randomUUID()]
      for (const id of ids)
        await env.call('conversations.save', {
          id,
          protocol: 'messages',
          title: 't',
          model: 'nimbus/chat-4',
          state: {},
        })
      return ids[0] ?? ''
    },
    damage: (id) => sql("UPDATE conversations SET updated_at = 'soon' WHERE id = ?", id),
    list: () => env.call('conversations.list', {}),
  },
  {
    what: 'webhook delivery',
    store: async () => {
      const ids = [1, 2].map(() =>
        history().webhookDeliveries.insert({
          receivedAt: Date.now(),
          jobId: null,
          idempotencyKey: null,
          event: null,
          verified: false,
          reason: 'r',
          duplicate: false,
          answered: 401,
          headersJson: '{}',
          body: new Uint8Array(),
        }),
      )
      return String(ids[0])
    },
    damage: (id) => sql("UPDATE webhook_deliveries SET received_at = 'soon' WHERE id = ?", Number(id)),
    list: () => env.call('receiver.deliveries', {}),
  },
]

describe('a damaged row in a list', () => {
  it.each(cases.map((c) => [c.what, c] as const))(
    '%s: the rest loads and the person is told which one',
    async (what, c) => {
      const id = await c.store()
      const whole = (await c.list()).length
      c.damage(id)
      topics.length = 0
      const shown = await c.list()
      expect(shown).toHaveLength(whole - 1)
      await until(() => topics.includes('notices'))
      const notices = await env.call('app.notices', {})
      const notice = notices.find((text) => text.includes(`The ${what} is ${id.slice(0, 36)}`))
      expect(notice).toMatch(/Part of the history is damaged/)
    },
  )
})

describe('a damaged item opened', () => {
  it('a delivery whose stored headers do not read: opening it says so, and the person is told which one', async () => {
    const id = history().webhookDeliveries.insert({
      receivedAt: Date.now(),
      jobId: null,
      idempotencyKey: null,
      event: null,
      verified: false,
      reason: 'r',
      duplicate: false,
      answered: 401,
      headersJson: '{"user-agent": ',
      body: new Uint8Array(),
    })
    await expect(env.call('receiver.delivery', { id })).rejects.toMatchObject({
      code: 'history_damaged',
      message: expect.stringContaining('the stored headers are not readable'),
    })
    expect((await env.call('receiver.deliveries', {})).some((row) => row.id === id)).toBe(false)
    const notices = await env.call('app.notices', {})
    expect(notices.some((text) => text.includes(`The webhook delivery is ${id}`))).toBe(true)
  })

  it('an image whose file is missing: the person is told which file', async () => {
    const image = await env.call('images.import', { fileName: 'gone.png', dataBase64: pixel(9) })
    const item = history().database.db.prepare('SELECT id, file_name AS name FROM media').all() as {
      id: string
      name: string
    }[]
    const mediaId = image.url.split('/').at(-1) ?? ''
    const file = item.find((row) => row.id === mediaId)?.name ?? ''
    await rm(join(env.userData, 'media', file))
    await expect(env.core.media.locate(mediaId)).resolves.toBeNull()
    const notices = await env.call('app.notices', {})
    expect(notices.find((text) => text.includes(`The media file is ${mediaId.slice(0, 36)}`))).toMatch(
      new RegExp(`The file ${file} is missing from the data folder`),
    )
  })
})
