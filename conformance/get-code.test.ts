// "Get code" (src/shared/domain/code-snippets.ts): every TypeScript snippet runs, unchanged, against the sandbox
// (Node runs the TypeScript as is, with the SDKs this project installs); every Python snippet reads its key from
// the environment and holds no key.
import { spawn } from 'node:child_process'
import { createHmac } from 'node:crypto'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoKey, startSandboxForFile } from '#sandbox/testing/client'
import { type RequestForCode, type Snippet, snippetsFor, webhookSnippets } from '#shared/domain/code-snippets'

const started = startSandboxForFile({ timeScale: 0.001 })
// Inside the project (but not in node_modules, where Node does not run TypeScript), so the snippets' imports
// find the project's packages.
let folder = ''
let written = 0
beforeAll(async () => {
  await mkdir(join(import.meta.dirname, '..', 'test-results'), { recursive: true })
  folder = await mkdtemp(join(import.meta.dirname, '..', 'test-results', 'snippets-'))
})
afterAll(() => rm(folder, { recursive: true, force: true }))

interface Ran {
  code: number | null
  out: string
  err: string
}

interface Running {
  exited: () => boolean
  done: Promise<Ran>
  stop: () => void
}

async function start(code: string, env: Record<string, string> = {}): Promise<Running> {
  const file = join(folder, `snippet-${++written}.mts`)
  await writeFile(file, code)
  const child = spawn(process.execPath, [file], {
    cwd: folder,
    env: { ...process.env, GATEWAY_API_KEY: demoKey, ...env },
  })
  let out = ''
  let err = ''
  let exited = false
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk
  })
  child.stderr.on('data', (chunk: Buffer) => {
    err += chunk
  })
  const done = new Promise<Ran>((resolve) =>
    child.on('close', (exit) => {
      exited = true
      resolve({ code: exit, out, err })
    }),
  )
  return { exited: () => exited, done, stop: () => child.kill() }
}

const run = async (code: string) => (await start(code)).done

const request = (method: RequestForCode['method'], path: string, body?: unknown): RequestForCode => ({
  method,
  url: `${started.sandbox.url}${path}`,
  body,
})
const typescript = (snippets: Snippet[], library: string) =>
  snippets.find((snippet) => snippet.language === 'TypeScript' && snippet.library === library)?.code ?? ''

const cases: { name: string; request: () => RequestForCode; libraries: string[]; expect: RegExp }[] = [
  {
    name: 'a unified decision',
    request: () =>
      request('POST', '/v1/decisions', {
        model: 'sysone/judge-1',
        input: 'I was charged twice',
        questions: [
          { type: 'predicate', name: 'refund', instructions: 'Does the customer want money back?' },
        ],
      }),
    libraries: ['fetch'],
    expect: /"probability"/,
  },
  {
    name: 'a native decision',
    request: () =>
      request('POST', '/decision-native/v1/systemone', {
        model: 'judge-1',
        state: 'I was charged twice',
        questions: { refund: { type: 'noul', instructions: 'Refund?' } },
      }),
    libraries: ['fetch'],
    expect: /"noul"/,
  },
  {
    name: 'a message',
    request: () =>
      request('POST', '/msg-native/v1/messages', {
        model: 'nimbus/chat-4',
        max_tokens: 100,
        system: 'Be brief.',
        messages: [{ role: 'user', content: [{ type: 'text', text: 'Explain the tides' }] }],
      }),
    libraries: ['@anthropic-ai/sdk', 'fetch'],
    expect: /"stop_reason": "end_turn"/,
  },
  {
    name: 'a streamed message',
    request: () =>
      request('POST', '/msg-native/v1/messages', {
        model: 'nimbus/chat-4',
        max_tokens: 100,
        stream: true,
        messages: [{ role: 'user', content: 'Explain the tides' }],
      }),
    libraries: ['@anthropic-ai/sdk', 'fetch'],
    expect: /message_stop|"stop_reason": "end_turn"/,
  },
  {
    name: 'content generation with a system instruction and generation settings',
    request: () =>
      request('POST', '/gen-native/v1beta/models/aurora/flash-2:generateContent', {
        contents: [{ role: 'user', parts: [{ text: 'Explain the tides' }] }],
        systemInstruction: { parts: [{ text: 'Be brief.' }] },
        generationConfig: { maxOutputTokens: 50, temperature: 0.3 },
      }),
    libraries: ['@google/genai', 'fetch'],
    expect: /"finishReason"/,
  },
  {
    name: 'streamed content generation',
    request: () =>
      request('POST', '/gen-native/v1beta/models/aurora/flash-2:streamGenerateContent?alt=sse', {
        contents: [{ role: 'user', parts: [{ text: 'Explain the tides' }] }],
      }),
    libraries: ['@google/genai', 'fetch'],
    expect: /\w+/,
  },
  {
    name: 'an image, pinned to a provider through the body',
    request: () =>
      request('POST', '/v1/images/generations', {
        model: 'lumen/image-1',
        prompt: 'a lighthouse',
        size: '256x256',
        quality: 'low',
        extra_body: { provider: { type: 'origin' } },
      }),
    libraries: ['openai', 'fetch'],
    expect: /image\(s\) written|"b64_json"/,
  },
  {
    name: 'a video job',
    request: () =>
      request('POST', '/v1/videos', { model: 'orbit/motion-2', prompt: 'a paper boat', duration: 4 }),
    libraries: ['fetch'],
    expect: /"polling_url"/,
  },
  {
    name: 'a cache',
    request: () =>
      request('POST', '/gen-native/v1beta/cachedContents', {
        model: 'aurora/flash-2',
        contents: [{ role: 'user', parts: [{ text: 'A long handbook. '.repeat(300) }] }],
        ttl: '600s',
      }),
    libraries: ['fetch'],
    expect: /"name": "cachedContents\//,
  },
  {
    name: 'a model listing, without a key',
    request: () => request('GET', '/msg-native/v1/models/nimbus/chat-4'),
    libraries: ['fetch'],
    expect: /"display_name"/,
  },
]

describe('Get code', () => {
  for (const example of cases)
    for (const library of example.libraries)
      it(`runs the TypeScript (${library}) for ${example.name}`, async () => {
        const code = typescript(snippetsFor(example.request()), library)
        expect(code).not.toContain(demoKey)
        const ran = await run(code)
        expect(ran.err).toBe('')
        expect(ran.code).toBe(0)
        expect(ran.out).toMatch(example.expect)
      }, 30_000)

  it('gives every request a Python snippet that reads the key from the environment and holds none', () => {
    for (const example of cases) {
      const python = snippetsFor(example.request()).filter((snippet) => snippet.language === 'Python')
      expect(python.length).toBeGreaterThan(0)
      for (const snippet of python) {
        expect(snippet.code).not.toContain(demoKey)
        if (!example.request().url.includes('/models/nimbus'))
          expect(snippet.code).toContain('os.environ["GATEWAY_API_KEY"]')
        expect(snippet.code).not.toMatch(/\btrue\b|\bfalse\b|\bnull\b/)
      }
    }
  })

  it('nests the service’s own extra_body one level deeper for the Python SDK (document 1 §4.2)', () => {
    const python = snippetsFor(cases[6]?.request() as RequestForCode).find(
      (snippet) => snippet.language === 'Python' && snippet.library === 'openai',
    )
    expect(python?.code).toMatch(/extra_body=\{\n\s+"extra_body": \{/)
  })

  it('the webhook receiver accepts a signed delivery once and refuses a forged one', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const address = probe.address()
        probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
      })
    })
    const secret = 'whsec-snippet'
    const body = JSON.stringify({
      event: 'video.generation.completed',
      id: 'job-1',
      created_at: 1,
      data: { id: 'job-1', status: 'completed' },
    })
    const server = await start(typescript(webhookSnippets, 'node:http'), {
      PORT: String(port),
      GATEWAY_WEBHOOK_SECRET: secret,
    })
    const post = async (signature: string) => {
      for (;;) {
        try {
          const response = await fetch(`http://127.0.0.1:${port}/`, {
            method: 'POST',
            headers: { 'x-svc-signature': signature, 'x-svc-idempotency-key': 'job-1-completed' },
            body,
          })
          return response.status
        } catch (error) {
          // Not listening yet: try again, unless the receiver has stopped.
          if (server.exited())
            throw new Error(`the receiver stopped: ${(await server.done).err}`, { cause: error })
        }
      }
    }
    expect(await post('forged')).toBe(401)
    const signed = createHmac('sha256', secret).update(body).digest('base64url')
    expect(await post(signed)).toBe(200)
    expect(await post(signed)).toBe(200)
    server.stop()
    const ran = await server.done
    // Handled once, though delivered twice.
    expect(ran.out).toBe('video.generation.completed job-1 completed\n')
  }, 30_000)
})
