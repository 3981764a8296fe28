// One send to the person's own server, in words: what it answered and how fast, or why there was no answer;
// the start of the answer's body on request.
import type { WebhookForward } from '#shared/ipc/routes/videos'
import { formatTime } from '../../format.ts'

const kindLabel: Record<WebhookForward['kind'], string> = {
  forward: 'Forwarded',
  resend: 'Sent again',
  test: 'Test',
}

export const forwardOk = (forward: WebhookForward) =>
  forward.status !== null && forward.status >= 200 && forward.status < 300

/** "200 · 12 ms", or "Not delivered". */
export function forwardVerdict(forward: WebhookForward): string {
  return forward.status === null ? 'Not delivered' : `${forward.status} · ${forward.ms} ms`
}

export function ForwardLine({ forward, title }: { forward: WebhookForward; title?: string }) {
  return (
    <div className="forward-line">
      <p>
        <span className={`delivery__verdict delivery__verdict--${forwardOk(forward) ? 'ok' : 'bad'}`}>
          {forwardVerdict(forward)}
        </span>{' '}
        <span className="muted">
          {title ?? kindLabel[forward.kind]} to {forward.url} at {formatTime(forward.sentAt)}
        </span>
      </p>
      {forward.error ? <p className="forward-line__error">{forward.error}</p> : null}
      {forward.answer ? (
        <details>
          <summary>Your server’s answer</summary>
          <pre className="code-block">{forward.answer}</pre>
        </details>
      ) : null}
    </div>
  )
}
