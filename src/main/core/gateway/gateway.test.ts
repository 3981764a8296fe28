// The gateway client against the sandbox over real HTTP: authentication per group, the error model, checks
// before sending, retries only where safe, timeouts, cancellation and streams.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { type Sandbox, startSandbox } from '#sandbox/server'
import { AppError } from '#shared/ipc/app-error'
import { testHold } from '../../testing/holds.ts'
import { createGateway } from './gateway.ts'
import { createTransport, type TransportOptions } from './transport.ts'

const key = 'sk-gateway-test'
let sandbox: Sandbox
let requests: string[] = []
const countingFetch: typeof fetch = (input, init) => {
  requests.push(
    `${init?.method ?? 'GET'} ${new URL(input instanceof Request ? input.url : String(input)).pathname}`,
  )
  return fetch(input, init)
}
const sleeps: number[] = []
const gatewayFor = (overrides: Partial<TransportOptions> = {}) =>
  createGateway(
    createTransport({
      connection: async () => ({ baseUrl: sandbox.url, apiKey: key }),
      fetch: countingFetch,
      sleep: async (ms) => void sleeps.push(ms),
      random: () => 0,
      ...overrides,
    }),
  )
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as AppError,
  )
/** A server on loopback that answers every request with `body` as JSON; closed when the test finishes. */
async function answering(body: unknown): Promise<string> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}
const faults = (body: object) =>
  fetch(`${sandbox.url}/__sandbox/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })

beforeAll(async () => {
  sandbox = await startSandbox({ keys: [key], timeScale: 0.001 })
})
afterAll(() => sandbox.close())

describe('authentication by endpoint group', () => {
  it('reaches decisions (Bearer), generateContent (x-native-api-key), messages (x-api-key + version), listings (none)', async () => {
    const gateway = gatewayFor()
    const decision = await gateway.decide(
      { model: 'sysone/judge-1', input: 'x', questions: [{ type: 'predicate', instructions: 'p' }] },
      null,
      'unified',
      { hold: testHold('decision') },
    )
    expect(decision.data.answers).toHaveLength(1)
    const content = await gateway.generateContent(
      'aurora/flash-2',
      {
        contents: [{ role: 'user', parts: [{ text: 'hi' }] }],
      },
      { hold: testHold('playground') },
    )
    expect((content.data.candidates[0] as Record<string, unknown>).index).toBe(0)
    const message = await gateway.sendMessage(
      {
        model: 'nimbus/chat-4',
        max_tokens: 50,
        messages: [{ role: 'user', content: 'hi' }],
      },
      { hold: testHold('playground') },
    )
    expect(message.data.stop_reason).toBe('end_turn')
    const noKey = createGateway(
      createTransport({ connection: async () => ({ baseUrl: sandbox.url, apiKey: null }) }),
    )
    expect((await noKey.listings.messages.all()).data.data.length).toBeGreaterThan(5)
    expect((await noKey.listings.generative.model('aurora/flash-2')).data.name).toBe('models/aurora/flash-2')
    expect((await failure(noKey.getVideo('x')))?.code).toBe('no_api_key')
  })
})

describe('the error model', () => {
  it('carries status, the service code and type, the endpoint and a sentence for the person', async () => {
    const error = await failure(
      gatewayFor().decide(
        { model: 'no/model', input: 'x', questions: [{ type: 'predicate', instructions: 'p' }] },
        null,
        'unified',
        { hold: testHold('decision') },
      ),
    )
    expect(error).toBeInstanceOf(AppError)
    expect(error).toMatchObject({
      code: 'service_error',
      status: 404,
      serviceCode: 'model_not_found',
      serviceType: 'invalid_request_error',
      message: "Model 'no/model' not found",
      endpoint: 'POST /v1/decisions',
    })
    expect(error?.hint).toMatch(/does not know this model/)
    const wrongKey = createGateway(
      createTransport({ connection: async () => ({ baseUrl: sandbox.url, apiKey: 'nope' }) }),
    )
    expect(await failure(wrongKey.getVideo('x'))).toMatchObject({
      status: 401,
      serviceCode: 'invalid_api_key',
    })
    expect(await failure(wrongKey.getCache('cachedContents/x'))).toMatchObject({
      status: 401,
      serviceCode: 'UNAUTHENTICATED',
    })
  })

  it('refuses before sending what the service would refuse, with the same message', async () => {
    requests = []
    const body = {
      model: 'sysone/judge-1',
      input: 'x',
      questions: [{ type: 'choice' as const, name: 'kind', instructions: 'k' }],
    }
    const local = await failure(gatewayFor().decide(body, null, 'unified', { hold: testHold('decision') }))
    expect(requests).toEqual([])
    const response = await fetch(`${sandbox.url}/v1/decisions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    const remote = (await response.json()) as { error: { message: string } }
    expect(local).toMatchObject({
      code: 'invalid_request',
      message: remote.error.message,
      path: ['questions', 0, 'choices'],
    })
    const video = await failure(
      gatewayFor().createVideo(
        { model: 'orbit/motion-2', prompt: 'p', callback_url: 'http://x.example/h' },
        { hold: testHold('video') },
      ),
    )
    expect(video).toMatchObject({ code: 'invalid_request', serviceCode: 'invalid_callback_url' })
    expect(requests).toEqual([])
  })

  it('never sends a request whose path an id with a dot part would move', async () => {
    requests = []
    for (const id of ['a/../../v1/keys', '..', 'x/.'])
      expect(await failure(gatewayFor().listings.unified.model(id)), id).toMatchObject({
        code: 'validation_failed',
        message: expect.stringContaining('is not a path of the service'),
      })
    expect(await failure(gatewayFor().getVideo('..'))).toMatchObject({ code: 'validation_failed' })
    expect(requests).toEqual([])
  })

  it('lets only a service on this computer be given a private callback address', async () => {
    const remote = createGateway(
      createTransport({ connection: async () => ({ baseUrl: 'https://gateway.example', apiKey: key }) }),
    )
    for (const callback of [
      'https://127.0.0.1:8443/h',
      'https://[::ffff:0:7f00:1]/h',
      'https://[2002:7f00:1::1]/h',
    ])
      expect(
        await failure(
          remote.createVideo(
            { model: 'orbit/motion-2', prompt: 'p', callback_url: callback },
            { hold: testHold('video') },
          ),
        ),
      ).toMatchObject({ serviceCode: 'invalid_callback_url' })
    // A service on loopback is sent the request: here the test's sandbox, which takes no private
    // callbacks itself, is the one that answers.
    const local = await failure(
      gatewayFor().createVideo(
        {
          model: 'orbit/motion-2',
          prompt: 'p',
          callback_url: 'https://127.0.0.1:8443/h',
        },
        { hold: testHold('video') },
      ),
    )
    expect(local).toMatchObject({ status: 400, serviceCode: 'invalid_callback_url' })
  })

  it('names the field when a response does not match the documented format, and keeps unknown fields', async () => {
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id: 'v',
          status: 'pending',
          model: 'm',
          prompt: 'p',
          unsigned_urls: [],
          mirror_urls: 'nope',
          created_at: 1,
          updated_at: 1,
        }),
      )
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const odd = createGateway(
      createTransport({
        connection: async () => ({
          baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
          apiKey: key,
        }),
      }),
    )
    const error = await failure(odd.getVideo('v'))
    server.close()
    expect(error).toMatchObject({ code: 'unexpected_response' })
    expect(error?.message).toMatch(/at mirror_urls/)
  })
})

describe('retries, timeouts and cancellation', () => {
  it('retries a GET after 429 exactly as Retry-After says', async () => {
    const limited = await startSandbox({ keys: [key], pollLimit: { requests: 1, windowSeconds: 2 } })
    const gateway = createGateway(
      createTransport({
        connection: async () => ({ baseUrl: limited.url, apiKey: key }),
        sleep: async (ms) => void sleeps.push(ms),
      }),
    )
    const id = (
      await gateway.createVideo({ model: 'orbit/motion-2', prompt: 'p' }, { hold: testHold('video') })
    ).data.id
    sleeps.length = 0
    await gateway.getVideo(id)
    const error = await failure(gateway.getVideo(id))
    expect(sleeps).toEqual([2000, 2000, 2000])
    sleeps.length = 0
    expect(await failure(gateway.getVideo(id, { retry: false }))).toMatchObject({ status: 429 })
    expect(sleeps).toEqual([])
    expect(error).toMatchObject({ status: 429, serviceCode: 'rate_limited', retryAfter: 2 })
    await limited.close()
  })

  it('retries a GET after 502 with capped, jittered backoff, and never re-sends a POST', async () => {
    await faults({ upstreamError: 1 })
    requests = []
    sleeps.length = 0
    const gateway = gatewayFor()
    expect(await failure(gateway.getVideo('x'))).toMatchObject({ status: 502, serviceCode: 'upstream_error' })
    expect(requests).toHaveLength(4)
    expect(sleeps).toEqual([250, 500, 1000])
    requests = []
    expect(
      await failure(
        gateway.createVideo({ model: 'orbit/motion-2', prompt: 'p' }, { hold: testHold('video') }),
      ),
    ).toMatchObject({
      status: 502,
    })
    expect(requests).toEqual(['POST /v1/videos'])
    await faults({})
  })

  it('sends a GET again when its connection is cut before any answer, and never a POST', async () => {
    // A service that cuts the first connection of each request, as a kept-alive socket closed by the other
    // side looks, then answers.
    let seen = 0
    const server = createServer((req, res) => {
      seen++
      if (seen % 2 === 1) {
        req.socket.destroy()
        return
      }
      res.writeHead(404, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ error: { code: 'not_found', message: 'no such job' } }))
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())))
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    const gateway = createGateway(
      createTransport({ connection: async () => ({ baseUrl: url, apiKey: key }) }),
    )
    expect(await failure(gateway.getVideo('x'))).toMatchObject({ status: 404 })
    expect(seen).toBe(2)
    // A read that keeps its own budget (the status bar's check) is sent again too, once.
    seen = 0
    expect(await failure(gateway.getVideo('x', { retry: false }))).toMatchObject({ status: 404 })
    expect(seen).toBe(2)
    seen = 0
    expect(
      await failure(
        gateway.createVideo({ model: 'orbit/motion-2', prompt: 'p' }, { hold: testHold('video') }),
      ),
    ).toMatchObject({
      code: 'service_unreachable',
      message: expect.stringContaining('the connection was cut'),
    })
    expect(seen).toBe(1)
  })

  it('times out, is cancelled by the caller, and reports an unreachable host', async () => {
    await faults({ latencyMs: 400 })
    const gateway = gatewayFor()
    expect(await failure(gateway.getVideo('x', { timeoutMs: 50 }))).toMatchObject({ code: 'timeout' })
    const controller = new AbortController()
    const pending = failure(gateway.getVideo('x', { signal: controller.signal }))
    setTimeout(() => controller.abort(), 20)
    expect(await pending).toMatchObject({ code: 'cancelled' })
    await faults({})
    const probe = createServer()
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
    const port = (probe.address() as AddressInfo).port
    probe.close()
    const closed = createGateway(
      createTransport({ connection: async () => ({ baseUrl: `http://127.0.0.1:${port}`, apiKey: key }) }),
    )
    // Said as what it means and what to try, with the system's code kept for searching.
    expect(await failure(closed.listings.unified.all())).toMatchObject({
      code: 'service_unreachable',
      message: `Could not reach 127.0.0.1:${port}. Connection refused: nothing is listening at that address and port (ECONNREFUSED).`,
      hint: 'Check the port in the address, and that the service is running.',
    })
  })
})

describe('streams and uploads', () => {
  it('streams generateContent and messages as parsed events, and ends cleanly when cancelled', async () => {
    const gateway = gatewayFor()
    const { events } = await gateway.streamGenerateContent(
      'aurora/flash-2',
      {
        contents: [{ role: 'user', parts: [{ text: 'rivers' }] }],
      },
      { hold: testHold('playground') },
    )
    const chunks = []
    for await (const chunk of events) chunks.push(chunk.data)
    expect(chunks.at(-1)?.usageMetadata?.totalTokenCount).toBeGreaterThan(0)
    const messages = await gateway.streamMessage(
      {
        model: 'nimbus/chat-4',
        max_tokens: 100,
        messages: [{ role: 'user', content: 'hello' }],
      },
      { hold: testHold('playground') },
    )
    const types = []
    for await (const event of messages.events) types.push(event.data.type)
    expect(types[0]).toBe('message_start')
    expect(types.at(-1)).toBe('message_stop')
    const controller = new AbortController()
    const cancelled = await gateway.streamMessage(
      {
        model: 'nimbus/chat-4',
        max_tokens: 100,
        messages: [{ role: 'user', content: 'a long answer please' }],
      },
      { signal: controller.signal, hold: testHold('playground') },
    )
    const seen: string[] = []
    const outcome = await (async () => {
      for await (const event of cancelled.events) {
        seen.push(event.data.type)
        if (seen.length === 2) controller.abort()
      }
    })().catch((error: AppError) => error.code)
    expect(outcome).toBe('cancelled')
    expect(seen).toHaveLength(2)
  })

  it('sends an image edit as multipart with the provider pinned by header', async () => {
    const image = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#09f' } })
      .png()
      .toBuffer()
    const result = await gatewayFor().editImage(
      {
        model: 'lumen/image-1',
        image,
        fileName: 'a.png',
        prompt: 'x',
        size: 'auto',
        provider: 'origin',
      },
      { hold: testHold('image') },
    )
    expect(result.headers.get('x-svc-provider')).toBe('origin')
    expect(result.data.usage.num_input_images).toBe(1)
    expect(
      await failure(
        gatewayFor().editImage(
          {
            model: 'lumen/image-1',
            image: new Uint8Array([1, 2, 3]),
            fileName: 'a.txt',
            prompt: 'x',
          },
          { hold: testHold('image') },
        ),
      ),
    ).toMatchObject({ code: 'invalid_request', path: ['image'] })
  })
})

describe('long lists', () => {
  it('names the model of a listing that does not match the documented format', async () => {
    const { data } = await gatewayFor().listings.unified.all()
    const models: unknown[] = Array.from({ length: 1_200 }, (_, at) => ({ ...data.data[0], id: `p/m-${at}` }))
    models[1_100] = { ...(models[1_100] as object), context_length: 'long' }
    const baseUrl = await answering({ object: 'list', data: models })
    const odd = createGateway(createTransport({ connection: async () => ({ baseUrl, apiKey: key }) }))
    const error = await failure(odd.listings.unified.all())
    expect(error).toMatchObject({ code: 'unexpected_response' })
    expect(error?.message).toMatch(/at data\.1100\.context_length/)
    // A listing that matches reads as the list's schema reads it.
    const good = await answering({ object: 'list', data: models.slice(0, 1_000) })
    const fine = createGateway(createTransport({ connection: async () => ({ baseUrl: good, apiKey: key }) }))
    expect((await fine.listings.unified.all()).data.data).toHaveLength(1_000)
  })
})
