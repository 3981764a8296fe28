// What went over the wire for one turn: the exact request (credentials masked) with a copyable curl, and the
// raw answer, or for a stream each event on a timeline with the time to the first token.
import type { RequestForCode } from '#shared/domain/code-snippets'
import { shownInline } from '#shared/domain/inline-files'
import { curlOf, timeToFirstToken } from '#shared/domain/playground'
import type { WireRecord } from '#shared/ipc/routes/playground'
import { CodeBlock } from '../../components/CodeBlock.tsx'
import { GetCode } from '../../components/GetCode.tsx'
import type { StreamedEvent } from './calls.ts'

/** A body to read: indented, each file it carries inline shown as its type and size. */
const pretty = (text: string | null) => {
  if (!text) return ''
  try {
    return JSON.stringify(shownInline(JSON.parse(text)), null, 2)
  } catch {
    return text
  }
}

const forCode = (request: Extract<WireRecord, { kind: 'request' }>): RequestForCode => {
  let body: unknown
  try {
    body = request.body ? JSON.parse(request.body) : undefined
  } catch {
    body = undefined
  }
  return { method: request.method as RequestForCode['method'], url: request.url, body }
}

export function WireView(props: {
  wire: readonly WireRecord[]
  events?: readonly StreamedEvent[] | undefined
}) {
  const request = props.wire.find((record) => record.kind === 'request')
  const response = props.wire.find((record) => record.kind === 'response')
  const ttft = props.events ? timeToFirstToken(props.events) : null
  return (
    <details className="wire">
      <summary>
        What went over the wire
        {response?.kind === 'response' ? ` · ${response.status}` : ''}
        {ttft !== null ? ` · first token after ${ttft} ms` : ''}
      </summary>
      {request?.kind === 'request' ? (
        <section className="wire__part" aria-label="Request">
          <div className="wire__head">
            <strong>
              {request.method} {request.url}
            </strong>
            <button
              type="button"
              className="button button--small"
              onClick={() => void navigator.clipboard.writeText(curlOf(request))}
            >
              Copy as curl
            </button>
          </div>
          <CodeBlock>
            {Object.entries(request.headers)
              .map(([name, value]) => `${name}: ${value}`)
              .join('\n')}
          </CodeBlock>
          <CodeBlock>{pretty(request.body)}</CodeBlock>
          <GetCode request={forCode(request)} />
        </section>
      ) : null}
      {response?.kind === 'response' ? (
        <section className="wire__part" aria-label="Response">
          <strong>
            {response.status} after {Math.round(response.ms)} ms
          </strong>
          <CodeBlock>
            {Object.entries(response.headers)
              .map(([name, value]) => `${name}: ${value}`)
              .join('\n')}
          </CodeBlock>
          {props.events ? (
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable list must be focusable to scroll by keyboard
            <ol className="wire__timeline" aria-label="Stream events" tabIndex={0}>
              {props.events.map((event, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: events are a fixed, ordered record
                <li key={index}>
                  <span className="wire__at">{event.at} ms</span>
                  <span className="wire__event">{event.event ?? 'data'}</span>
                  <code>{JSON.stringify(shownInline(event.data))}</code>
                </li>
              ))}
            </ol>
          ) : (
            <CodeBlock>{pretty(response.body)}</CodeBlock>
          )}
        </section>
      ) : null}
    </details>
  )
}
