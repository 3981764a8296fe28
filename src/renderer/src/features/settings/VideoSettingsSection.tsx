// How the app follows video jobs: downloading results, the receiver's port, and the polling budget.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { Preferences } from '#shared/ipc/routes/app'
import { ErrorNote } from '../../components/ErrorNote.tsx'
import { invoke, queryKeys, sharedQueries } from '../../ipc.ts'

export function VideoSettingsSection() {
  const client = useQueryClient()
  const preferences = useQuery(sharedQueries.preferences)
  const update = useMutation({
    mutationFn: (change: Partial<Preferences>) => invoke('preferences.update', change),
    onSuccess: (next) => client.setQueryData(queryKeys.preferences(), next),
  })
  const [port, setPort] = useState<string | null>(null)
  const [requests, setRequests] = useState<string | null>(null)
  const [download, setDownload] = useState<boolean | null>(null)
  const data = preferences.data
  if (!data) return null
  // Port 0 means "any free port": shown as an empty field that says so.
  const portValue = port ?? (data.receiverPort === 0 ? '' : String(data.receiverPort))
  const downloadValue = download ?? data.downloadVideosOnCompletion
  const requestsValue = requests ?? String(data.pollBudget.requests)
  const portProblem =
    portValue.trim() === '' || (/^\d+$/.test(portValue.trim()) && Number(portValue) <= 65535)
      ? null
      : 'A port is a whole number up to 65535; leave it empty to pick a free one.'
  const requestsProblem =
    /^\d+$/.test(requestsValue) && Number(requestsValue) >= 1 ? null : 'At least one status read per minute.'

  return (
    <section className="card" aria-labelledby="video-settings-title">
      <h2 id="video-settings-title">Videos</h2>
      <p className="card__hint">
        Signed result links expire, so finished videos are best kept in the data folder.
      </p>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={downloadValue}
          onChange={(event) => setDownload(event.target.checked)}
        />
        Download each video as soon as it completes (otherwise when you first open it)
      </label>
      <div className="field-row settings__numbers">
        <label className="field">
          <span className="field__label">Webhook receiver port</span>
          <input
            value={portValue}
            inputMode="numeric"
            placeholder={data.receiverPortPicked ? `Automatic: ${data.receiverPortPicked}` : 'Automatic'}
            onChange={(event) => setPort(event.target.value)}
            aria-invalid={portProblem ? true : undefined}
          />
          {portProblem ? (
            <span className="field-error">{portProblem}</span>
          ) : (
            <span className="muted">
              Empty keeps the free port picked the first time. Applies from the next start.
            </span>
          )}
        </label>
        <label className="field">
          <span className="field__label">Status reads per minute, per profile</span>
          <input
            value={requestsValue}
            inputMode="numeric"
            onChange={(event) => setRequests(event.target.value)}
            aria-invalid={requestsProblem ? true : undefined}
          />
          {requestsProblem ? (
            <span className="field-error">{requestsProblem}</span>
          ) : (
            <span className="muted">Shared by all pending jobs.</span>
          )}
        </label>
      </div>
      <button
        type="button"
        className="button"
        disabled={
          Boolean(portProblem || requestsProblem) || (port === null && requests === null && download === null)
        }
        onClick={() =>
          update.mutate(
            {
              receiverPort: Number(portValue.trim() || 0),
              pollBudget: { requests: Number(requestsValue), windowSeconds: 60 },
              downloadVideosOnCompletion: downloadValue,
            },
            {
              onSuccess: () => {
                setPort(null)
                setRequests(null)
                setDownload(null)
              },
            },
          )
        }
      >
        Save video settings
      </button>
      {update.isSuccess && port === null && requests === null && download === null ? (
        <span className="muted" role="status">
          Saved.
        </span>
      ) : null}
      <ErrorNote error={update.error} />
    </section>
  )
}
