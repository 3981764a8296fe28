// "Forward to": the person's own server, which each verified delivery is passed on to with its signature;
// test deliveries of the four terminal events, signed as the service signs, so a receiver can be written
// before any job runs; and what the server answered to each.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useState } from 'react'
import { type TerminalStatus, terminalStatuses } from '#shared/domain/webhook-events'
import { ErrorNote } from '../../components/ErrorNote.tsx'
import { invoke, profileKeys, queryKeys } from '../../ipc.ts'
import { useProfileId } from '../../profiles.ts'
import { ForwardLine } from './ForwardLine.tsx'
import { useForwarding } from './queries.ts'
import { statusLabel } from './status.ts'

const madeUp = ''

export function ForwardingSection() {
  const client = useQueryClient()
  const profileId = useProfileId() ?? ''
  const forwarding = useForwarding()
  const saved = forwarding.data?.address ?? null
  const [address, setAddress] = useState('')
  const [event, setEvent] = useState<TerminalStatus>('completed')
  const [jobId, setJobId] = useState(madeUp)
  const hintId = useId()
  // The field shows the kept address until the person edits it.
  useEffect(() => setAddress(saved ?? ''), [saved])
  const refresh = () => client.invalidateQueries({ queryKey: [profileId, ...queryKeys.deliveries()] })
  const save = useMutation({
    mutationFn: (next: string | null) => invoke('forwarding.set', { address: next }),
    onSuccess: () => refresh(),
  })
  const recentJobs = useQuery({
    queryKey: [...queryKeys.videos(), 'forward-choices'],
    queryFn: () => invoke('videos.list', { limit: 20 }),
  })
  const tests = useQuery({
    queryKey: profileKeys.forwardTests(profileId),
    queryFn: () => invoke('forwarding.tests', { limit: 10 }),
    enabled: profileId !== '',
  })
  const send = useMutation({
    mutationFn: () => invoke('forwarding.test', { status: event, ...(jobId ? { jobId } : {}) }),
    onSettled: () => refresh(),
  })
  const resend = useMutation({
    mutationFn: (testId: number) => invoke('forwarding.resend', { testId }),
    onSettled: () => refresh(),
  })
  const copySecret = useMutation({ mutationFn: () => invoke('forwarding.copySecret', {}) })
  const edited = address.trim() !== (saved ?? '')

  return (
    <section aria-labelledby={`${hintId}-title`}>
      <h2 id={`${hintId}-title`}>Forward to your server</h2>
      <form
        className="forward-form"
        onSubmit={(submitted) => {
          submitted.preventDefault()
          save.mutate(address.trim() || null)
        }}
      >
        <label className="field">
          <span className="field__label">Forward to</span>
          <input
            inputMode="url"
            spellCheck={false}
            placeholder="http://localhost:3000/webhooks"
            value={address}
            aria-describedby={hintId}
            aria-invalid={save.error ? true : undefined}
            onChange={(changed) => {
              setAddress(changed.target.value)
              save.reset()
            }}
          />
        </label>
        <div className="forward-form__actions">
          <button type="submit" className="button button--primary" disabled={!edited || save.isPending}>
            Save
          </button>
          {saved ? (
            <button type="button" className="button" onClick={() => save.mutate(null)}>
              Stop forwarding
            </button>
          ) : null}
        </div>
      </form>
      <p id={hintId} className="muted">
        {saved
          ? `Each verified delivery is passed on to ${saved} with its body and signature, as the service sent it. Failures are shown here, never retried.`
          : 'Off. Give the address of the receiver you are writing (on this computer or your network) to get each verified delivery there too.'}
      </p>
      <ErrorNote error={save.error} />
      <div className="forward-form__actions">
        <button type="button" className="button button--small" onClick={() => copySecret.mutate()}>
          Copy signing secret
        </button>
        <span className="muted" role="status">
          {copySecret.data?.copied
            ? 'Copied. Give it to your server as GATEWAY_WEBHOOK_SECRET.'
            : copySecret.data
              ? 'This profile has no webhook secret yet: set one in Settings.'
              : ''}
        </span>
      </div>
      <ErrorNote error={copySecret.error} />

      <h3 className="forward-form__heading">Send a test delivery</h3>
      <form
        className="forward-test"
        onSubmit={(submitted) => {
          submitted.preventDefault()
          send.mutate()
        }}
      >
        <label className="field">
          <span className="field__label">Event</span>
          <select value={event} onChange={(changed) => setEvent(changed.target.value as TerminalStatus)}>
            {terminalStatuses.map((status) => (
              <option key={status} value={status}>
                {statusLabel[status]}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">For the job</span>
          <select value={jobId} onChange={(changed) => setJobId(changed.target.value)}>
            <option value={madeUp}>A made-up job</option>
            {recentJobs.data?.jobs.map((job) => (
              <option key={job.id} value={job.id}>
                {job.prompt.length > 60 ? `${job.prompt.slice(0, 60)}…` : job.prompt}
              </option>
            ))}
          </select>
        </label>
        <button
          type="submit"
          className="button forward-test__send"
          disabled={!saved || send.isPending}
          title={saved ? undefined : 'Set a "Forward to" address first'}
        >
          {send.isPending ? 'Sending…' : 'Send test delivery'}
        </button>
      </form>
      <p className="muted">
        Sends video.generation.{event} signed with this profile’s webhook secret, exactly as the service
        signs.
      </p>
      <ErrorNote error={send.error ?? resend.error} />
      {tests.data?.length ? (
        <ul className="forward-tests" aria-label="Test deliveries">
          {tests.data.map((test) => (
            <li key={test.id}>
              <ForwardLine forward={test} title={test.event ?? 'Test'} />
              <button
                type="button"
                className="button button--small"
                disabled={!saved || resend.isPending}
                onClick={() => resend.mutate(test.id)}
              >
                Send again
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  )
}
