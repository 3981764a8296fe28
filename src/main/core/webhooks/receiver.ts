// The webhook receiver: an HTTPS server on 127.0.0.1 that the service reaches through a tunnel (or directly,
// for the built-in sandbox). Every request is kept exactly as received with its verdict. A verified event
// and the job update it causes are committed in one transaction before the 2xx goes out; a burst is
// committed as one group. A duplicate answers 2xx and changes nothing.

import type { KeyObject } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { createServer, type Server } from 'node:https'
import type { AddressInfo } from 'node:net'
import { type VideoTask, webhookHeaders } from '#shared/api/videos'
import { requestTarget } from '#shared/http-target'
import { closeUnread, hasUnreadBody, readUpTo } from '../../../node/close-unread.ts'
import type { History } from '../history/history.ts'
import type { TaskApplied, VideoJobRow } from '../history/video-jobs.ts'
import type { WebhookDeliveryRow } from '../history/webhook-deliveries.ts'
import type { Log } from '../log.ts'
import type { ReceiverIdentity } from './certificate.ts'
import { keepConnectionRoom } from './connection-room.ts'
import { type Verdict, verifyDelivery, webhookKeys } from './verify.ts'

export const maxWebhookBytes = 1024 * 1024

interface Pending {
  row: WebhookDeliveryRow
  /** The fewest headers to keep when the delivery could not be verified and is past the quota. */
  leastHeadersJson: string
  verdict: Verdict
  respond: (status: number, body: object) => void
}

export interface ReceiverDeps {
  identity: ReceiverIdentity
  history: History
  /** Applies a verified task to its job, inside the delivery's transaction. */
  apply: (task: VideoTask) => TaskApplied
  /** After the transaction: the jobs it changed (notifications, downloads). */
  applied: (rows: VideoJobRow[]) => void
  /** After the transaction: the deliveries stored, with their ids (the inspector refreshes, forwarding sends). */
  stored: (rows: WebhookDeliveryRow[]) => void
  log: Log
  /** Current and previous webhook secrets of the profile the job belongs to (or of the active one). */
  secretsFor: (jobId: string | null) => Promise<string[]>
  now?: () => number
  /** Tests shorten these. */
  limits?: Partial<Pick<typeof receiverLimits, 'handshakeMs' | 'connections'>>
}

const keptHeaders = [
  'content-type',
  'content-length',
  'user-agent',
  webhookHeaders.signature,
  webhookHeaders.idempotencyKey,
]
/** What an inspector needs of a delivery that is past the quota: what ties it to a job, and its signature. */
const leastHeaders = [webhookHeaders.signature, webhookHeaders.idempotencyKey]

/** What the receiver could not verify (headers and bodies), kept for the inspector up to this much per window. */
export const unverifiedQuota = { bytes: 4 * 1024 * 1024, windowMs: 10 * 60 * 1000 }

export const receiverLimits = {
  /** A connection that has not finished its TLS handshake by then is closed (Node's default holds it 2 minutes). */
  handshakeMs: 10_000,
  /**
   * Connections open at once, so that idle sockets cannot use up the app's files; past it a new one takes the
   * place of the oldest idle one (`keepConnectionRoom`).
   */
  connections: 256,
  /** Characters of a header value kept (a signature or an idempotency key is far shorter). */
  headerValue: 512,
}

function headersOf(req: IncomingMessage, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(
    names.flatMap((name) =>
      req.headers[name] ? [[name, String(req.headers[name]).slice(0, receiverLimits.headerValue)]] : [],
    ),
  )
}

export function createReceiver(deps: ReceiverDeps) {
  const now = deps.now ?? Date.now
  const path = `/webhooks/${deps.identity.token}`
  const keyCache = new Map<string, KeyObject[]>()
  let queue: Pending[] = []
  let flushScheduled = false
  let server: Server | null = null
  let unverified = { since: 0, bytes: 0 }
  /** Whether an unverified body of this size still fits the quota (and counts it when it does). */
  const keepUnverified = (bytes: number) => {
    if (now() - unverified.since > unverifiedQuota.windowMs) unverified = { since: now(), bytes: 0 }
    if (unverified.bytes + bytes > unverifiedQuota.bytes) {
      // Spent for the rest of the window: a flood is not kept a little at a time either.
      unverified.bytes = unverifiedQuota.bytes
      return false
    }
    unverified.bytes += bytes
    return true
  }

  const keysFor = async (jobId: string | null) => {
    const secrets = await deps.secretsFor(jobId)
    const cacheKey = secrets.join('\u0000')
    let keys = keyCache.get(cacheKey)
    if (!keys) {
      keys = webhookKeys(secrets)
      keyCache.clear()
      keyCache.set(cacheKey, keys)
    }
    return keys
  }

  /** One transaction for everything that arrived since the last flush (group commit). */
  function flush(): void {
    flushScheduled = false
    const batch = queue
    queue = []
    const changed: VideoJobRow[] = []
    const answers: [Pending, number, object][] = []
    try {
      deps.history.transaction(() => {
        const seenInBatch = new Set<string>()
        for (const item of batch) {
          const { row, verdict } = item
          if (!verdict.ok) {
            row.answered = verdict.status
            row.reason = verdict.reason
            if (!keepUnverified(row.body.byteLength + row.headersJson.length)) {
              row.body = new Uint8Array()
              row.headersJson = item.leastHeadersJson
              row.reason += ' (body not kept: over the quota for deliveries that could not be verified)'
            }
            row.id = deps.history.webhookDeliveries.insert(row)
            answers.push([item, verdict.status, { error: verdict.reason }])
            continue
          }
          const key = row.idempotencyKey ?? ''
          // A verified delivery that arrives again (the service's retry, or a replay of a captured one) is
          // acknowledged and counted on the one applied: its body is not stored again, nor forwarded again.
          if (seenInBatch.has(key) || deps.history.webhookDeliveries.wasApplied(key)) {
            row.duplicate = true
            row.answered = 200
            deps.history.webhookDeliveries.countRepeat(key)
            answers.push([item, 200, { received: true, duplicate: true }])
            continue
          }
          const result = deps.apply(verdict.envelope.data)
          if (result.outcome === 'unknown') {
            row.verified = true
            row.answered = 404
            row.reason = 'no job with this id in the history'
            // Kept once for each key: the same delivery again (a retry, a replay) is only counted.
            if (!deps.history.webhookDeliveries.countRepeatOfUnknown(key))
              row.id = deps.history.webhookDeliveries.insert(row)
            answers.push([item, 404, { error: row.reason }])
            continue
          }
          seenInBatch.add(key)
          row.answered = 200
          // The service may send an older status late: it is acknowledged, recorded, and changes nothing.
          if (result.outcome === 'unchanged')
            row.reason = `ignored: the job is already ${result.row?.status ?? 'further along'}`
          row.id = deps.history.webhookDeliveries.insert(row)
          if (result.outcome === 'changed' && result.row) changed.push(result.row)
          answers.push([item, 200, { received: true, duplicate: false }])
        }
      })
    } catch (error) {
      deps.log.error('webhook batch could not be stored', error)
      for (const item of batch) item.respond(503, { error: 'could not store the delivery; retry later' })
      return
    }
    for (const [item, status, body] of answers) item.respond(status, body)
    deps.applied(changed)
    if (batch.length > 0) deps.stored(batch.map((item) => item.row))
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const respond = (status: number, body: object) => {
      if (res.headersSent) return
      const text = JSON.stringify(body)
      // A body left unread is never drained: the answer closes the connection instead.
      const unread = hasUnreadBody(req)
      res
        .writeHead(status, {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(text),
          ...(unread ? { connection: 'close' } : {}),
        })
        .end(text, () => {
          if (unread) closeUnread(req)
        })
    }
    const url = requestTarget(req.url, 'https://127.0.0.1')
    if (!url) return respond(400, { error: 'the request target is not a path' })
    if (url.pathname !== path) return respond(404, { error: 'not found' })
    if (req.method !== 'POST') {
      res.setHeader('allow', 'POST')
      return respond(405, { error: 'only POST is accepted' })
    }
    const receivedAt = now()
    const headers = headersOf(req, keptHeaders)
    const signature = headers[webhookHeaders.signature]
    const idempotencyKey = headers[webhookHeaders.idempotencyKey]
    const row: WebhookDeliveryRow = {
      receivedAt,
      jobId: idempotencyKey?.replace(/-(completed|failed|cancelled|expired|pending)$/, '') ?? null,
      idempotencyKey: idempotencyKey ?? null,
      event: null,
      verified: false,
      reason: null,
      duplicate: false,
      answered: 0,
      headersJson: JSON.stringify(headers),
      body: new Uint8Array(),
    }
    const body = await readUpTo(req, maxWebhookBytes)
    let verdict: Verdict
    if (body === 'too_large') {
      verdict = { ok: false, status: 413, reason: `body larger than ${maxWebhookBytes} bytes` }
    } else if (
      (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() !== 'application/json'
    ) {
      row.body = body
      verdict = { ok: false, status: 415, reason: 'content type is not application/json' }
    } else {
      row.body = body
      const keys = await keysFor(row.jobId).catch((error: unknown) => error as Error)
      verdict =
        keys instanceof Error
          ? { ok: false, status: 410, reason: `no secret can verify it: ${keys.message}` }
          : verifyDelivery(
              body,
              { ...(signature ? { signature } : {}), ...(idempotencyKey ? { idempotencyKey } : {}) },
              keys,
            )
    }
    const envelope = verdict.ok ? verdict.envelope : verdict.envelope
    if (envelope) {
      row.jobId = envelope.data.id
      row.event = envelope.event
    }
    row.verified = verdict.ok
    queue.push({ row, verdict, respond, leastHeadersJson: JSON.stringify(headersOf(req, leastHeaders)) })
    if (!flushScheduled) {
      flushScheduled = true
      setImmediate(flush)
    }
  }

  return {
    path,
    async start(port: number): Promise<number> {
      if (server) return (server.address() as AddressInfo).port
      const created = createServer(
        {
          cert: deps.identity.cert,
          key: deps.identity.key,
          handshakeTimeout: deps.limits?.handshakeMs ?? receiverLimits.handshakeMs,
        },
        (req, res) => {
          handle(req, res).catch((error: unknown) => {
            deps.log.error('webhook request failed', error)
            if (!res.headersSent) res.writeHead(500).end()
          })
        },
      )
      created.headersTimeout = 15_000
      created.requestTimeout = 30_000
      const cap = deps.limits?.connections ?? receiverLimits.connections
      let saidSince = 0
      keepConnectionRoom(created, cap, (made) => {
        // Said once a minute while it lasts: a flood of connections must not flood the log too.
        if (now() - saidSince < 60_000) return
        saidSince = now()
        deps.log.warn(
          made
            ? `webhook receiver: ${cap} connections were open, so the oldest idle one was closed to make room`
            : `webhook receiver: ${cap} connections are answering requests, so new ones are refused until some end`,
        )
      })
      created.on('tlsClientError', () => {
        // A handshake that failed or timed out: the socket is closed by Node; nothing to keep.
      })
      await new Promise<void>((resolve, reject) => {
        created.once('error', reject)
        created.listen(port, '127.0.0.1', resolve)
      })
      server = created
      return (created.address() as AddressInfo).port
    },
    port: () => (server ? (server.address() as AddressInfo).port : null),
    async stop(): Promise<void> {
      const closing = server
      server = null
      if (!closing) return
      closing.closeAllConnections()
      await new Promise<void>((resolve) => closing.close(() => resolve()))
    },
    /** Applies a stored delivery again, as if it had just arrived (for the deliveries inspector). */
    async reapply(id: number): Promise<WebhookDeliveryRow> {
      const stored = deps.history.webhookDeliveries.get(id)
      if (!stored) throw new Error('no such delivery')
      const headers = JSON.parse(stored.headersJson) as Record<string, string>
      const verdict = verifyDelivery(
        stored.body,
        {
          signature: headers[webhookHeaders.signature] ?? '',
          idempotencyKey: headers[webhookHeaders.idempotencyKey] ?? '',
        },
        await keysFor(stored.jobId),
      )
      const row: WebhookDeliveryRow = {
        ...stored,
        receivedAt: now(),
        verified: verdict.ok,
        reason: 're-applied from the inspector',
        duplicate: false,
        answered: 0,
      }
      delete row.id
      return new Promise((resolve) => {
        queue.push({ row, verdict, respond: () => resolve(row), leastHeadersJson: row.headersJson })
        if (!flushScheduled) {
          flushScheduled = true
          setImmediate(flush)
        }
      })
    },
  }
}

export type Receiver = ReturnType<typeof createReceiver>
