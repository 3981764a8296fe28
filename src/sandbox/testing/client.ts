// Test helpers: a sandbox on a free loopback port and small fetch wrappers for each endpoint group.
import { afterAll, beforeAll } from 'vitest'
import { type Sandbox, type StartOptions, startSandbox } from '../server.ts'

export const demoKey = 'sk-sandbox-demo'
export const otherKey = 'sk-sandbox-other'

export interface Reply<T = unknown> {
  status: number
  headers: Headers
  body: T
  text: string
}

export async function call<T = Record<string, unknown>>(
  url: string,
  init: RequestInit = {},
): Promise<Reply<T>> {
  const response = await fetch(url, init)
  const text = await response.text()
  let body: unknown = text
  try {
    body = JSON.parse(text)
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, headers: response.headers, body: body as T, text }
}

export const bearer = (key = demoKey) => ({
  authorization: `Bearer ${key}`,
  'content-type': 'application/json',
})
export const nativeKey = (key = demoKey) => ({ 'x-native-api-key': key, 'content-type': 'application/json' })
export const messageKey = (key = demoKey) => ({
  'x-api-key': key,
  'native-version': '2023-06-01',
  'content-type': 'application/json',
})

/** Starts one sandbox for the test file and closes it afterwards. */
export function startSandboxForFile(options: StartOptions = {}): {
  readonly sandbox: Sandbox
  url(path: string): string
} {
  let sandbox: Sandbox | undefined
  beforeAll(async () => {
    sandbox = await startSandbox({ keys: [demoKey, otherKey], ...options })
  })
  afterAll(async () => {
    await sandbox?.close()
  })
  return {
    get sandbox() {
      if (!sandbox) throw new Error('sandbox not started')
      return sandbox
    },
    url: (path: string) => `${sandbox?.url}${path}`,
  }
}

export function postJson<T = Record<string, unknown>>(
  url: string,
  body: unknown,
  headers: Record<string, string> = bearer(),
) {
  return call<T>(url, {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}
