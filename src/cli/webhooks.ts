// `listen`, `trigger` and `deliveries`: the app's receiver on this terminal with each verified delivery passed on
// to the person's server, one line per delivery; test deliveries signed as the service signs; the stored
// deliveries, and any of them sent again.
import { statusOfEvent, terminalStatuses } from '#shared/domain/webhook-events'
import { AppError } from '#shared/ipc/app-error'
import type { TunnelState, WebhookDeliverySummary, WebhookForward } from '#shared/ipc/routes/videos'
import { forwardAddressProblem } from '../main/core/webhooks/forwarder.ts'
import { CommandEnd, exitCodes, paint, print, printJson, usageError, warn } from './output.ts'
import { type GlobalOptions, type Session, withSession } from './session.ts'

const clock = (at: number) => new Date(at).toTimeString().slice(0, 8)
const shortJob = (id: string | null) => (id ? `${id.slice(0, 8)}…` : '—'.padEnd(9))

/** With no address given and none kept, the command says its own option first. */
const nowhere =
  (option: string) =>
  (error: unknown): never => {
    if (error instanceof AppError && error.path?.[0] === 'address')
      throw usageError(
        `Nowhere to send it: give ${option} URL, or set “Forward to” in the app (Settings › Webhooks).`,
      )
    throw error
  }

function checkAddress(address: string): string {
  const problem = forwardAddressProblem(address)
  if (problem) throw usageError(`--forward-to: ${problem}`)
  return address
}

/** What the person's server did with a send, in a few words. */
function answerOf(forward: WebhookForward | null): string {
  if (!forward) return paint('dim', 'not forwarded')
  if (forward.status === null) return paint('red', `✗ ${forward.error ?? 'no answer'}`)
  const ok = forward.status >= 200 && forward.status < 300
  return `${paint(ok ? 'green' : 'red', `→ ${forward.status}`)} ${forward.ms} ms`
}

function deliveryLine(delivery: WebhookDeliverySummary): string {
  const verdict = delivery.verified
    ? delivery.duplicate
      ? paint('yellow', 'duplicate')
      : paint('green', 'verified ')
    : paint('red', 'refused  ')
  return [
    clock(delivery.receivedAt),
    (delivery.event ?? 'unknown event').padEnd(27),
    shortJob(delivery.jobId),
    `${verdict} ${delivery.answered}`,
    answerOf(delivery.forwarded),
    delivery.reason && !delivery.verified ? paint('dim', delivery.reason) : '',
  ]
    .join('  ')
    .trimEnd()
}

const deliveryJson = (delivery: WebhookDeliverySummary) => ({
  id: delivery.id,
  receivedAt: delivery.receivedAt,
  event: delivery.event,
  jobId: delivery.jobId,
  verified: delivery.verified,
  duplicate: delivery.duplicate,
  answered: delivery.answered,
  reason: delivery.reason,
  forwarded: delivery.forwarded
    ? { status: delivery.forwarded.status, ms: delivery.forwarded.ms, error: delivery.forwarded.error }
    : null,
})

async function startTunnel(session: Session, tunnel: string): Promise<TunnelState> {
  const named = ['ngrok', 'cloudflared', 'loopback'].includes(tunnel)
  if (!named && forwardAddressProblem(tunnel))
    throw usageError(
      '--tunnel takes ngrok, cloudflared, loopback or the public https address you run yourself.',
    )
  const state = await session.call(
    'tunnel.start',
    named
      ? { provider: tunnel as 'ngrok' | 'cloudflared' | 'loopback' }
      : { provider: 'manual', publicUrl: tunnel },
  )
  if (state.status !== 'up')
    throw new CommandEnd(exitCodes.unreachable, `The tunnel did not come up: ${state.reason ?? state.status}`)
  return state
}

export function listen(
  global: GlobalOptions,
  options: { forwardTo: string; tunnel?: string; port?: string },
) {
  const forwardTo = checkAddress(options.forwardTo)
  return (async () => {
    const port = options.port !== undefined ? Number(options.port) : undefined
    if (port !== undefined && (!Number.isInteger(port) || port < 0 || port > 65535))
      throw usageError('--port takes a port number.')
    // Owning the folder, the receiver runs here, on the port the folder keeps (the one picked the first time,
    // kept for the next); attached, the owner (the app) receives and this command passes on each delivery it
    // stored, signed as it came.
    const receiver = port === undefined ? ('kept' as const) : { port }
    return withSession(global, { receiver, forwardTo }, async (session) => {
      // Ctrl+C is taken from the start: one that comes the moment the command says it is ready ends it cleanly.
      const stopped = new Promise<void>((resolve) => {
        process.once('SIGINT', resolve)
        process.once('SIGTERM', resolve)
      })
      const state = await session.call('receiver.state', {})
      if (!state.running || !state.localUrl)
        throw new CommandEnd(
          exitCodes.someFailed,
          `${state.error ?? 'The webhook receiver is not running.'} Pass --port to listen on another port.`,
        )
      const core = session.ownCore()
      if (!core && port !== undefined && port !== state.port)
        warn(`Gateway Desk owns this data folder and receives on port ${state.port}: --port is not used.`)
      // The receiver's path is the owner's secret: known here only when this command is the owner.
      const path = core?.videos.webhooks.receiver.path ?? '/webhooks/…'
      const local = `https://127.0.0.1:${state.port}${path}`
      const tunnel = options.tunnel ? await startTunnel(session, options.tunnel) : null
      if (!global.json) {
        warn(
          `Receiving at ${local}${tunnel?.publicUrl ? `\n  and at ${tunnel.publicUrl}${path}` : ''}${core ? '' : ' (in Gateway Desk)'}`,
        )
        warn(`Forwarding each verified delivery to ${forwardTo}`)
        if (session.profileId === 'sandbox' && core) {
          const [secret] = await core.profiles.webhookSecrets('sandbox')
          warn(`The sandbox signs with ${secret} (set it as GATEWAY_WEBHOOK_SECRET on your server)`)
        }
        warn('Ready. Ctrl+C to stop.')
      } else
        printJson('ready', {
          ready: true,
          receiving: local,
          publicUrl: tunnel?.publicUrl ?? null,
          forwardTo,
        })
      await followDeliveries(session, forwardTo, global.json === true, stopped)
      return exitCodes.done
    })
  })()
}

/** Prints each new delivery once its forward is answered, in the order they came, until Ctrl+C. */
async function followDeliveries(
  session: Session,
  forwardTo: string,
  json: boolean,
  stopped: Promise<void>,
): Promise<void> {
  const seen = (await session.call('receiver.deliveries', { limit: 1 }))[0]?.id ?? 0
  let printed = seen
  let reading = Promise.resolve()
  const readNew = async () => {
    const latest = (await session.call('receiver.deliveries', { limit: 500 })).filter(
      (one) => one.id > printed,
    )
    for (let delivery of latest.reverse()) {
      if (delivery.verified && !delivery.duplicate && !session.ownCore()) {
        // Attached: the owner sends its stored delivery on to this command's server, and says what it answered.
        const sent = await session.call('forwarding.resend', { deliveryId: delivery.id, to: forwardTo })
        delivery = { ...delivery, forwarded: sent }
      }
      // Owning, a verified delivery is printed with its server's answer, which comes a moment later.
      else if (delivery.verified && !delivery.forwarded) break
      printed = delivery.id
      if (json) printJson('delivery', deliveryJson(delivery))
      else print(deliveryLine(delivery))
    }
  }
  const stop = session.events.subscribe((event, payload) => {
    if (event === 'data.changed' && (payload as { topics: string[] }).topics.includes('deliveries'))
      reading = reading.then(readNew).catch((error: unknown) => void warn(String(error)))
  })
  await stopped
  stop()
  await session.ownCore()?.videos.webhooks.forwarding.settled()
  await reading
}

export function trigger(global: GlobalOptions, event: string, options: { job?: string; forwardTo?: string }) {
  const status = statusOfEvent(event)
  if (!status)
    throw usageError(
      `Unknown event “${event}”: use one of ${terminalStatuses.map((one) => `video.generation.${one}`).join(', ')}.`,
    )
  const to = options.forwardTo ? checkAddress(options.forwardTo) : undefined
  return withSession(global, {}, async (session) => {
    const sent = await session
      .call('forwarding.test', {
        status,
        ...(options.job ? { jobId: options.job } : {}),
        ...(to ? { to } : {}),
      })
      .catch(nowhere('--forward-to'))
    return toldSend(global, sent)
  })
}

/** A send to your server, told as a line; the exit code says whether it answered with a 2xx. */
function toldSend(global: GlobalOptions, sent: WebhookForward): number {
  if (global.json) printJson('forward', { ...sent, send: sent.kind })
  else
    print(
      `${clock(sent.sentAt)}  ${sent.event ?? ''}  ${shortJob(sent.jobId)}  ${answerOf(sent)}  ${paint('dim', sent.url)}`,
    )
  return sent.status !== null && sent.status >= 200 && sent.status < 300
    ? exitCodes.done
    : exitCodes.someFailed
}

/** A test delivery `trigger` sent, as lists name it: `t` and its number (a received delivery is its number). */
const testRef = (forward: WebhookForward) => `t${forward.id}`

function testLine(forward: WebhookForward): string {
  return [
    clock(forward.sentAt),
    (forward.event ?? 'unknown event').padEnd(27),
    shortJob(forward.jobId),
    paint('cyan', 'test         '),
    answerOf(forward),
  ].join('  ')
}

const sendJson = (forward: WebhookForward) => ({
  kind: forward.kind,
  sentAt: forward.sentAt,
  url: forward.url,
  status: forward.status,
  ms: forward.ms,
  error: forward.error,
})

export function deliveriesList(global: GlobalOptions, options: { limit?: string }) {
  const limit = Number(options.limit ?? 50)
  if (!Number.isInteger(limit) || limit < 1 || limit > 5000)
    throw usageError('--limit takes a number from 1 to 5000.')
  return withSession(global, { makesNoFolder: true }, async (session) => {
    const [received, tests] = await Promise.all([
      session.call('receiver.deliveries', { limit }),
      session.call('forwarding.tests', { limit: Math.min(limit, 500) }),
    ])
    // Received deliveries and the test ones `trigger` sent, in the order they happened.
    const lines = [
      ...received.map((delivery) => ({
        at: delivery.receivedAt,
        text: `${String(delivery.id).padStart(6)}  ${deliveryLine(delivery)}`,
        json: () => printJson('delivery', deliveryJson(delivery)),
      })),
      ...tests.map((forward) => ({
        at: forward.sentAt,
        text: `${testRef(forward).padStart(6)}  ${testLine(forward)}`,
        json: () =>
          printJson('test', {
            ...sendJson(forward),
            id: testRef(forward),
            event: forward.event,
            jobId: forward.jobId,
          }),
      })),
    ]
      .sort((a, b) => a.at - b.at)
      .slice(-limit)
    for (const line of lines) global.json ? line.json() : print(line.text)
    return exitCodes.done
  })
}

/** A delivery as `deliveries list` names it: its number, or `t` and a number for a test `trigger` sent. */
function deliveryRef(id: string): { deliveryId: number } | { testId: number } {
  const match = /^(t?)([1-9]\d{0,15})$/.exec(id.trim())
  if (!match)
    throw usageError(
      `“${id}” is not a delivery: give the number \`gateway-desk deliveries list\` shows (t5 for a test).`,
    )
  return match[1] ? { testId: Number(match[2]) } : { deliveryId: Number(match[2]) }
}

export function deliveriesShow(global: GlobalOptions, id: string) {
  const ref = deliveryRef(id)
  return withSession(global, { makesNoFolder: true }, async (session) => {
    if ('testId' in ref) {
      const test = (await session.call('forwarding.tests', { limit: 500 })).find(
        (forward) => forward.id === ref.testId,
      )
      if (!test) throw usageError(`No test delivery ${id}; \`gateway-desk deliveries list\` shows them.`)
      if (global.json)
        printJson('test', { ...sendJson(test), id: testRef(test), event: test.event, jobId: test.jobId })
      else print(`${testRef(test)}  ${testLine(test)}  ${paint('dim', test.url)}`)
      return exitCodes.done
    }
    const delivery = await session.call('receiver.delivery', { id: ref.deliveryId })
    if (global.json) {
      printJson('delivery', {
        ...deliveryJson(delivery),
        sends: delivery.forwards.toReversed().map(sendJson),
      })
      return exitCodes.done
    }
    print(`${delivery.id}  ${deliveryLine(delivery)}`)
    if (delivery.reason) print(`  ${delivery.reason}`)
    // Every send to the person's server, oldest first: how it went each time.
    for (const forward of [...delivery.forwards].reverse())
      print(
        `  ${clock(forward.sentAt)}  ${forward.kind.padEnd(7)}  ${answerOf(forward)}  ${paint('dim', forward.url)}`,
      )
    if (delivery.forwards.length === 0) print(`  ${paint('dim', 'not sent to your server')}`)
    return exitCodes.done
  })
}

export function deliveriesResend(global: GlobalOptions, id: string, options: { to?: string }) {
  const ref = deliveryRef(id)
  const to = options.to ? checkAddress(options.to) : undefined
  return withSession(global, { makesNoFolder: true }, async (session) => {
    const sent = await session
      .call('forwarding.resend', { ...ref, ...(to ? { to } : {}) })
      .catch(nowhere('--to'))
    return toldSend(global, sent)
  })
}
