// "Get code": any request the app makes, as a program a person can run — TypeScript and Python, with the
// official SDK where one fits the endpoint (openai for images, @anthropic-ai/sdk for messages, @google/genai for
// content generation) and plain fetch / requests for the gateway's own endpoints. The key always comes from the
// GATEWAY_API_KEY environment variable; no snippet ever holds one.
// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the snippets are programs that use template literals themselves
import { messagesVersion } from '../api/messages-version.ts'
import { keyVariable, pyLiteral, type Snippet, tsLiteral } from './code-literals.ts'
import { generateContentSnippets, imageSnippets, messagesSnippets } from './code-snippets-sdk.ts'
import { type InlineFile, replaceInlineFiles } from './inline-files.ts'

export type { Snippet }

export interface RequestForCode {
  method: 'GET' | 'POST' | 'DELETE'
  /** The full address, query included. */
  url: string
  /** The JSON body as sent, or none. */
  body: unknown
}

type Auth = 'bearer' | 'generative' | 'messages' | 'none'

/** Which credential headers an endpoint group takes (document 1 §5, document 2 §5, document 3 §5). */
export function authOf(path: string): Auth {
  if (path.startsWith('/gen-native/v1beta/cachedContents') || /^\/gen-native\/v1beta\/models\/.+:/.test(path))
    return 'generative'
  if (path.startsWith('/msg-native/v1/messages')) return 'messages'
  if (/^\/(v1|gen-native\/v1beta|msg-native\/v1)\/models(\/|$)/.test(path)) return 'none'
  return 'bearer'
}

/** A streamed answer: server-sent events on generateContent (`alt=sse`) or a messages body with `stream`. */
const streamed = (request: RequestForCode) =>
  new URL(request.url).searchParams.get('alt') === 'sse' ||
  (request.body as { stream?: unknown } | null | undefined)?.stream === true

function fetchSnippet(request: RequestForCode, auth: Auth): string {
  const headers: string[] = {
    bearer: ['authorization: `Bearer ${apiKey}`'],
    generative: ["'x-native-api-key': apiKey"],
    messages: ["'x-api-key': apiKey", `'native-version': '${messagesVersion}'`],
    none: [],
  }[auth]
  if (request.body !== undefined && request.body !== null) headers.push("'content-type': 'application/json'")
  return [
    ...(auth === 'none' ? [] : [`const apiKey = process.env.${keyVariable} ?? ''`, '']),
    `const response = await fetch(${JSON.stringify(request.url)}, {`,
    `  method: '${request.method}',`,
    ...(headers.length ? [`  headers: { ${headers.join(', ')} },`] : []),
    ...(request.body !== undefined && request.body !== null
      ? [`  body: JSON.stringify(${tsLiteral(request.body, 1)}),`]
      : []),
    '})',
    'if (!response.ok) throw new Error(`${response.status}: ${await response.text()}`)',
    ...(streamed(request)
      ? [
          '// A stream of server-sent events, printed as it arrives.',
          'for await (const chunk of response.body ?? []) process.stdout.write(chunk)',
        ]
      : ['console.log(JSON.stringify(await response.json(), null, 2))']),
    '',
  ].join('\n')
}

function requestsSnippet(request: RequestForCode, auth: Auth): string {
  const headers = {
    bearer: ['"Authorization": f"Bearer {api_key}"'],
    generative: ['"x-native-api-key": api_key'],
    messages: ['"x-api-key": api_key', `"native-version": "${messagesVersion}"`],
    none: [],
  }[auth]
  const hasBody = request.body !== undefined && request.body !== null
  return [
    ...(streamed(request) ? [] : ['import json']),
    ...(auth === 'none' ? [] : ['import os']),
    '',
    'import requests',
    '',
    ...(auth === 'none' ? [] : [`api_key = os.environ["${keyVariable}"]`]),
    'response = requests.request(',
    `    "${request.method}",`,
    `    ${JSON.stringify(request.url)},`,
    ...(headers.length ? [`    headers={${headers.join(', ')}},`] : []),
    ...(hasBody ? [`    json=${pyLiteral(request.body, 1)},`] : []),
    '    timeout=120,',
    ...(streamed(request) ? ['    stream=True,'] : []),
    ')',
    'response.raise_for_status()',
    ...(streamed(request)
      ? ['for line in response.iter_lines(decode_unicode=True):', '    print(line)']
      : ['print(json.dumps(response.json(), indent=2))']),
    '',
  ].join('\n')
}

/** Every way to write this request: the SDK first where one fits, then plain HTTP. */
export function snippetsFor(given: RequestForCode): Snippet[] {
  // Each file the request sends inline is read from a file beside the program: a marker now, an expression below.
  const files: InlineFile[] = []
  const request = {
    ...given,
    body: replaceInlineFiles(given.body, (file) => `${fileMarker}${files.push(file) - 1}${fileMarker}`),
  }
  return snippetsOf(request).map((snippet) => readingFiles(snippet, files))
}

const fileMarker = '\u0000'

/** A snippet with each inline file read from disk, and what that needs imported. */
function readingFiles(snippet: Snippet, files: readonly InlineFile[]): Snippet {
  if (files.length === 0) return snippet
  const ts = snippet.language === 'TypeScript'
  let code = snippet.code
  files.forEach((file, index) => {
    const read = ts
      ? `readFileSync('${file.name}').toString('base64')`
      : `base64.b64encode(open("${file.name}", "rb").read()).decode()`
    const expression = file.asDataUrl
      ? ts
        ? `\`data:${file.mimeType};base64,\${${read}}\``
        : `"data:${file.mimeType};base64," + ${read}`
      : read
    // The marker as JSON writes it, quotes included, in either language's literal.
    code = code.replaceAll(JSON.stringify(`${fileMarker}${index}${fileMarker}`), expression)
  })
  const comment = ts ? '//' : '#'
  const header = [
    ...files.map(
      (file) =>
        `${comment} ${file.name}: the ${file.mimeType} file this request sent inline, beside this program.`,
    ),
    ts ? "import { readFileSync } from 'node:fs'" : 'import base64',
  ]
  return { ...snippet, code: `${header.join('\n')}\n${code}` }
}

function snippetsOf(request: RequestForCode): Snippet[] {
  const url = new URL(request.url)
  const base = url.origin
  const auth = authOf(url.pathname)
  const sdk =
    url.pathname === '/msg-native/v1/messages'
      ? messagesSnippets(base, request.body as Record<string, unknown>)
      : /^\/gen-native\/v1beta\/models\/.+:(stream)?[gG]enerateContent$/.test(url.pathname)
        ? generateContentSnippets(base, url.pathname, request.body as Record<string, unknown>)
        : url.pathname === '/v1/images/generations'
          ? imageSnippets(base, request.body as Record<string, unknown>)
          : []
  return [
    ...sdk,
    { language: 'TypeScript', library: 'fetch', code: fetchSnippet(request, auth) },
    { language: 'Python', library: 'requests', code: requestsSnippet(request, auth) },
  ]
}

/** A receiver for a person's own server: the signature over the raw bytes, in constant time, each event once. */
export const webhookSnippets: Snippet[] = [
  {
    language: 'TypeScript',
    library: 'node:http',
    code: `import { createHmac, timingSafeEqual } from 'node:crypto'
import { createServer } from 'node:http'

const secret = process.env.GATEWAY_WEBHOOK_SECRET ?? ''
const handled = new Set<string>()

createServer((req, res) => {
  const chunks: Buffer[] = []
  req.on('data', (chunk: Buffer) => chunks.push(chunk))
  req.on('end', () => {
    // X-Svc-Signature: base64url HMAC-SHA256 of the raw body, before any JSON parsing.
    const raw = Buffer.concat(chunks)
    const expected = createHmac('sha256', secret).update(raw).digest()
    const given = Buffer.from(String(req.headers['x-svc-signature'] ?? ''), 'base64url')
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      res.writeHead(401).end()
      return
    }
    // The same event may come more than once: act on each idempotency key once.
    const key = String(req.headers['x-svc-idempotency-key'] ?? '')
    if (!handled.has(key)) {
      handled.add(key)
      const event = JSON.parse(raw.toString('utf8'))
      console.log(event.event, event.data.id, event.data.status)
    }
    res.writeHead(200).end()
  })
}).listen(Number(process.env.PORT ?? 8080))
`,
  },
  {
    language: 'Python',
    library: 'http.server',
    code: `import base64
import hashlib
import hmac
import json
import os
from http.server import BaseHTTPRequestHandler, HTTPServer

SECRET = os.environ.get("GATEWAY_WEBHOOK_SECRET", "").encode()
handled = set()


class Webhook(BaseHTTPRequestHandler):
    def do_POST(self):
        raw = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        # X-Svc-Signature: base64url HMAC-SHA256 of the raw body, before any JSON parsing.
        expected = base64.urlsafe_b64encode(hmac.new(SECRET, raw, hashlib.sha256).digest()).rstrip(b"=")
        given = self.headers.get("X-Svc-Signature", "").encode().rstrip(b"=")
        if not hmac.compare_digest(given, expected):
            self.send_response(401)
            self.end_headers()
            return
        # The same event may come more than once: act on each idempotency key once.
        key = self.headers.get("X-Svc-Idempotency-Key", "")
        if key not in handled:
            handled.add(key)
            event = json.loads(raw)
            print(event["event"], event["data"]["id"], event["data"]["status"])
        self.send_response(200)
        self.end_headers()


HTTPServer(("", int(os.environ.get("PORT", 8080))), Webhook).serve_forever()
`,
  },
]
