// One stored webhook delivery: the receiver's verdict, its headers and body, applying it again, and what the
// person's own server answered each time it was passed on (with Send again).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { WebhookDeliverySummary } from '#shared/ipc/routes/videos'
import { ErrorNote } from '../../components/ErrorNote.tsx'
import { invoke, queryKeys } from '../../ipc.ts'
import { ForwardLine } from './ForwardLine.tsx'

/** How often a delivery arrived again after it was applied, in words; empty when it did not. */
export const repeatsOf = (delivery: WebhookDeliverySummary) =>
  delivery.repeats > 0
    ? ` · arrived ${delivery.repeats.toLocaleString('en-US')} more time${delivery.repeats === 1 ? '' : 's'}`
    : ''

/** What the receiver made of a delivery, in words, with the status it answered. */
export function verdictOf(delivery: WebhookDeliverySummary): string {
  if (!delivery.verified) return `Refused · ${delivery.answered}`
  if (delivery.duplicate) return `Duplicate · ${delivery.answered}`
  return delivery.answered < 300
    ? `Verified · ${delivery.answered}`
    : `Verified, not applied · ${delivery.answered}`
}

/** A JSON body laid out to be read; anything else as it came. */
function readableBody(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2)
  } catch {
    return body
  }
}

export function DeliveryDetail({ id, forwardTo }: { id: number; forwardTo: string | null }) {
  const client = useQueryClient()
  const detail = useQuery({
    queryKey: [...queryKeys.deliveries(), id],
    queryFn: () => invoke('receiver.delivery', { id }),
  })
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: queryKeys.deliveries() }),
      client.invalidateQueries({ queryKey: queryKeys.videos() }),
    ])
  const reapply = useMutation({ mutationFn: () => invoke('receiver.reapply', { id }), onSettled: refresh })
  const resend = useMutation({
    mutationFn: () => invoke('forwarding.resend', { deliveryId: id }),
    onSettled: refresh,
  })
  if (!detail.data) return null
  const { forwards } = detail.data
  return (
    <div className="delivery-detail">
      <p>
        <strong>{verdictOf(detail.data)}</strong>
        {detail.data.reason ? ` — ${detail.data.reason}` : ''}
      </p>
      <p className="muted">
        {detail.data.jobPrompt ? `“${detail.data.jobPrompt}” · ` : ''}job {detail.data.jobId ?? 'unknown'}
      </p>
      <pre className="code-block">
        {Object.entries(detail.data.headers)
          .map(([name, value]) => `${name}: ${value}`)
          .join('\n')}
      </pre>
      <pre className="code-block">{readableBody(detail.data.body)}</pre>
      <div className="delivery-detail__actions">
        <button type="button" className="button button--small" onClick={() => reapply.mutate()}>
          Apply again
        </button>
        <button
          type="button"
          className="button button--small"
          disabled={!forwardTo || resend.isPending}
          title={forwardTo ? `Send these bytes again to ${forwardTo}` : 'Set a "Forward to" address first'}
          onClick={() => resend.mutate()}
        >
          {resend.isPending ? 'Sending…' : 'Send again'}
        </button>
      </div>
      {reapply.data ? (
        <p className="muted">
          Applied again: answered {reapply.data.answered}
          {reapply.data.duplicate ? ' (already applied, nothing changed)' : ''}.
        </p>
      ) : null}
      <ErrorNote error={reapply.error ?? resend.error} />
      {forwards.length ? (
        <section aria-label="Your server’s answers">
          <h3 className="delivery-detail__heading">Your server</h3>
          {forwards.map((forward) => (
            <ForwardLine key={forward.id} forward={forward} />
          ))}
        </section>
      ) : null}
    </div>
  )
}
