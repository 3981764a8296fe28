// The receiver's resources under a hostile local process: sockets that never start TLS are closed after a short
// handshake time, a connection past the cap takes the place of the oldest idle one (the log says so once), and
// deliveries that cannot be
// verified keep only a bounded part of their headers, counted in the same quota as their bodies.
import { mkdtemp, rm } from 'node:fs/promises'
import { connect, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { postWebhook } from '../../testing/core.ts'
import { openHistory } from '../history/history.ts'
import type { Log } from '../log.ts'
import { loadReceiverIdentity } from './certificate.ts'
import { createReceiver, receiverLimits, unverifiedQuota } from './receiver.ts'

const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function receiver(limits: { handshakeMs?: number; connections?: number } = {}) {
  const folder = await mkdtemp(join(tmpdir(), 'gd-receiver-'))
  cleanups.push(() => rm(folder, { recursive: true, force: true }))
  const history = openHistory(folder)
  cleanups.push(() => history.close())
  const warnings: string[] = []
  const log: Log = {
    file: '',
    info: () => {},
    error: () => {},
    warn: (message) => void warnings.push(message),
  }
  const created = createReceiver({
    identity: await loadReceiverIdentity(join(folder, 'receiver')),
    history,
    apply: () => ({ outcome: 'unknown', row: undefined }),
    applied: () => {},
    stored: () => {},
    log,
    secretsFor: async () => ['whsec-test-secret-0123456789'],
    limits,
  })
  const port = await created.start(0)
  cleanups.push(() => created.stop())
  return { history, warnings, port, url: `https://127.0.0.1:${port}${created.path}` }
}

/** A TCP connection that never says a word. */
async function idleSocket(port: number): Promise<{ socket: Socket; closed: Promise<void> }> {
  const socket = connect(port, '127.0.0.1')
  socket.on('error', () => {})
  cleanups.push(() => void socket.destroy())
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()))
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve)
    socket.once('error', reject)
  })
  return { socket, closed }
}

describe('the receiver’s resources', () => {
  it('closes a connection that never starts TLS once the handshake time is up', async () => {
    const { port } = await receiver({ handshakeMs: 150 })
    const { closed } = await idleSocket(port)
    await closed
  })

  it('makes room past its cap by closing the oldest idle connection, so idle sockets never keep a delivery out', async () => {
    const { port, url, warnings } = await receiver({ connections: 4, handshakeMs: 60_000 })
    const idle = await Promise.all([1, 2, 3, 4].map(() => idleSocket(port)))
    // A fifth connection takes the place of the oldest idle one, which is closed.
    const fifth = await idleSocket(port)
    await idle[0]?.closed
    // A genuine delivery gets in while idle sockets fill the cap: the next oldest idle one makes room.
    expect((await postWebhook(url, '{}', {})).status).toBe(401)
    await idle[1]?.closed
    // Idle sockets reopened in a loop: each new one pushes out an older idle one, and deliveries still get in.
    for (let round = 0; round < 3; round++) {
      await Promise.all([1, 2, 3, 4].map(() => idleSocket(port)))
      expect((await postWebhook(url, '{}', {})).status).toBe(401)
    }
    expect(warnings.filter((line) => /the oldest idle one was closed to make room/.test(line))).toHaveLength(
      1,
    )
    fifth.socket.destroy()
  })

  it('keeps a bounded part of each header of a forged delivery, counted in the unverified quota', async () => {
    const { url, history } = await receiver()
    const forged = { 'user-agent': 'A'.repeat(15 * 1024), 'x-svc-signature': 'forged' }
    const stored = async () => {
      const [row] = history.webhookDeliveries.latest(1)
      return history.webhookDeliveries.get(row?.id ?? 0)
    }
    expect((await postWebhook(url, '', forged)).status).toBe(401)
    const first = JSON.parse((await stored())?.headersJson ?? '{}') as Record<string, string>
    expect(first['user-agent']).toHaveLength(receiverLimits.headerValue)
    // Bodies that fill the quota; after them, a forged delivery keeps only what ties it to a job.
    const body = JSON.stringify({ junk: 'x'.repeat(1000 * 1024) })
    for (let index = 0; index < Math.ceil(unverifiedQuota.bytes / body.length); index++)
      expect((await postWebhook(url, body, forged)).status).toBe(401)
    expect((await postWebhook(url, '', forged)).status).toBe(401)
    const last = await stored()
    expect(JSON.parse(last?.headersJson ?? '{}')).toEqual({ 'x-svc-signature': 'forged' })
    expect(last?.body.byteLength).toBe(0)
  })
})
