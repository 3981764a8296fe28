// How results reach the app: the local receiver, the tunnel that exposes it, the polling budget, and every
// webhook request received, with its verdict, headers and body.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { webhookSnippets } from '#shared/domain/code-snippets'
import type { TunnelState } from '#shared/ipc/routes/videos'
import { ErrorNote } from '../../components/ErrorNote.tsx'
import { Snippets } from '../../components/GetCode.tsx'
import { useDismiss } from '../../components/use-dismiss.ts'
import { formatTime } from '../../format.ts'
import { invoke, queryKeys } from '../../ipc.ts'
import { useProfiles } from '../../profiles.ts'
import { setRouteParams } from '../../router.ts'
import { useNow } from '../../use-now.ts'
import { DeliveryDetail, repeatsOf, verdictOf } from './DeliveryDetail.tsx'
import { ForwardingSection } from './ForwardingSection.tsx'
import { forwardOk, forwardVerdict } from './ForwardLine.tsx'
import { useForwarding, usePolling, useReceiver, useTunnel } from './queries.ts'

type Provider = NonNullable<TunnelState['provider']>
const providers: { value: Provider; label: string }[] = [
  { value: 'ngrok', label: 'ngrok' },
  { value: 'cloudflared', label: 'cloudflared (quick tunnel)' },
  { value: 'manual', label: 'A public URL I run myself' },
  { value: 'loopback', label: 'Local relay (for testing with the sandbox)' },
]

export function WebhookPanel() {
  const client = useQueryClient()
  const panel = useRef<HTMLElement>(null)
  useDismiss(panel, () => setRouteParams('/videos', { panel: null }))
  const receiver = useReceiver()
  const tunnel = useTunnel()
  const polling = usePolling()
  const pausedUntil = Math.max(0, ...Object.values(polling.data?.pausedUntil ?? {}))
  const now = useNow(pausedUntil > Date.now())
  const [provider, setProvider] = useState<Provider>('ngrok')
  const [publicUrl, setPublicUrl] = useState('')
  const [authtoken, setAuthtoken] = useState('')
  const [openId, setOpenId] = useState<number | null>(null)
  const onSandbox = useProfiles().data?.find((profile) => profile.active)?.kind === 'sandbox'
  const refresh = () => client.invalidateQueries({ queryKey: queryKeys.tunnel() })
  const start = useMutation({
    mutationFn: () =>
      invoke('tunnel.start', {
        provider,
        ...(publicUrl ? { publicUrl } : {}),
        ...(authtoken ? { authtoken } : {}),
      }),
    onSettled: () => {
      setAuthtoken('')
      return refresh()
    },
  })
  const stop = useMutation({ mutationFn: () => invoke('tunnel.stop', {}), onSettled: refresh })
  const deliveries = useQuery({
    queryKey: queryKeys.deliveries(),
    queryFn: () => invoke('receiver.deliveries', { limit: 200 }),
  })
  const state = tunnel.data
  const forwardTo = useForwarding().data?.address ?? null

  return (
    <aside ref={panel} className="webhook-panel" aria-label="Webhooks">
      <section>
        <h2>Receiver</h2>
        <p className="muted">
          {receiver.data?.running
            ? `Listening on 127.0.0.1:${receiver.data.port} over HTTPS (certificate ${receiver.data.certificateFingerprint?.slice(0, 23)}…).`
            : (receiver.data?.error ?? 'Not running.')}
        </p>
      </section>
      <section>
        <h2>Tunnel</h2>
        <p className={`tunnel-state tunnel-state--${state?.status ?? 'off'}`} role="status">
          {state?.status === 'up'
            ? `Up: ${state.publicUrl}`
            : state?.status === 'starting'
              ? 'Starting…'
              : state?.status === 'failed'
                ? `Failed: ${state.reason}`
                : state?.droppedAt
                  ? `Down since ${formatTime(state.droppedAt)}. Webhooks sent meanwhile may have been missed; polling keeps the board right.`
                  : 'Off. Jobs on live profiles are followed by polling.'}
        </p>
        {state?.status === 'up' || state?.status === 'starting' ? (
          <button type="button" className="button" onClick={() => stop.mutate()}>
            Stop tunnel
          </button>
        ) : (
          <form
            className="tunnel-form"
            onSubmit={(event) => {
              event.preventDefault()
              start.mutate()
            }}
          >
            <select
              aria-label="Tunnel provider"
              value={provider}
              onChange={(event) => {
                setProvider(event.target.value as Provider)
                // What went wrong with the last provider says nothing about this one.
                start.reset()
              }}
            >
              {providers.map((item) => (
                <option key={item.value} value={item.value}>
                  {item.label}
                </option>
              ))}
            </select>
            {provider === 'ngrok' ? (
              <label className="field">
                <span className="field__label">ngrok authtoken</span>
                <input
                  type="password"
                  placeholder="kept encrypted; leave empty to reuse"
                  value={authtoken}
                  onChange={(event) => setAuthtoken(event.target.value)}
                />
              </label>
            ) : null}
            {provider === 'manual' ? (
              <label className="field">
                <span className="field__label">Public URL</span>
                <input
                  placeholder="https://hooks.example.com"
                  value={publicUrl}
                  onChange={(event) => setPublicUrl(event.target.value)}
                />
              </label>
            ) : null}
            {/* The Sandbox sends its webhooks to the receiver itself: a tunnel is for a live service. */}
            <button
              type="submit"
              className={onSandbox ? 'button' : 'button button--primary'}
              disabled={start.isPending}
            >
              Start tunnel
            </button>
            {onSandbox ? (
              <p className="muted">
                The Sandbox reaches the receiver on this computer; a tunnel is for a live service’s webhooks.
              </p>
            ) : null}
          </form>
        )}
        <ErrorNote error={start.error ?? stop.error} />
      </section>
      <section>
        <h2>Polling</h2>
        <p className="muted" role="status">
          {polling.data
            ? `${polling.data.pending} pending job${polling.data.pending === 1 ? '' : 's'}; at most ${polling.data.budget.requests} status reads per ${polling.data.budget.windowSeconds} s per profile.`
            : '…'}
          {pausedUntil > now
            ? ` Paused by the service's rate limit: resumes in ${Math.ceil((pausedUntil - now) / 1000)} s.`
            : ''}
        </p>
      </section>
      <section>
        <h2>Deliveries</h2>
        {deliveries.data?.length ? null : <p className="muted">No webhook requests received yet.</p>}
        <ul className="deliveries" aria-label="Webhook deliveries">
          {deliveries.data?.map((delivery) => (
            <li key={delivery.id}>
              <button
                type="button"
                className="delivery"
                aria-expanded={openId === delivery.id}
                onClick={() => setOpenId(openId === delivery.id ? null : delivery.id)}
              >
                <span
                  className={`delivery__verdict delivery__verdict--${delivery.verified && delivery.answered < 300 ? 'ok' : 'bad'}`}
                >
                  {verdictOf(delivery)}
                </span>
                <span className="delivery__text">
                  <span className="delivery__job">
                    {delivery.jobPrompt ??
                      (delivery.jobId
                        ? `Job ${delivery.jobId.slice(0, 8)}… (not in the history)`
                        : 'No job named')}
                  </span>
                  <span className="muted">
                    {delivery.event ?? 'unknown event'}
                    {delivery.duplicate ? ' · duplicate' : ''}
                    {repeatsOf(delivery)}
                    {delivery.reason ? ` · ${delivery.reason}` : ''}
                  </span>
                  {delivery.forwarded ? (
                    <span
                      className={`delivery__forwarded delivery__verdict--${forwardOk(delivery.forwarded) ? 'ok' : 'bad'}`}
                    >
                      Your server: {forwardVerdict(delivery.forwarded)}
                    </span>
                  ) : null}
                </span>
                <time>{formatTime(delivery.receivedAt)}</time>
              </button>
              {openId === delivery.id ? <DeliveryDetail id={delivery.id} forwardTo={forwardTo} /> : null}
            </li>
          ))}
        </ul>
      </section>
      <ForwardingSection />
      <section>
        <h2>On your own server</h2>
        <Snippets
          snippets={webhookSnippets}
          label="Get code: verify deliveries"
          hint="Set GATEWAY_WEBHOOK_SECRET to your webhook secret. The signature is checked over the raw bytes, in constant time, and each idempotency key is acted on once."
        />
      </section>
    </aside>
  )
}
