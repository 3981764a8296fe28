// Where the app keeps its work and its secrets, said plainly.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ErrorNote } from '../../components/ErrorNote.tsx'
import { counted } from '../../format.ts'
import { invoke, queryKeys, sharedQueries } from '../../ipc.ts'

const backendText = {
  os: 'API keys and webhook secrets are encrypted with your operating system’s keychain.',
  basic_text:
    'This system has no keychain the app can use, so encryption would use a fixed key that protects nothing. Keys are kept in memory only and forgotten when the app quits, unless you allow weaker storage.',
  unavailable:
    'This system offers no secret storage. Keys are kept in memory only and forgotten when the app quits.',
} as const

export function StorageSection() {
  const client = useQueryClient()
  const info = useQuery(sharedQueries.appInfo)
  const storage = useQuery({
    queryKey: queryKeys.secretStorage(),
    queryFn: () => invoke('secrets.storage', {}),
  })
  const allowWeak = useMutation({
    mutationFn: (allow: boolean) => invoke('secrets.setAllowWeakStorage', { allow }),
    onSuccess: (next) => client.setQueryData(queryKeys.secretStorage(), next),
  })
  const openFolder = useMutation({ mutationFn: () => invoke('app.openDataFolder', {}) })
  const exportHistory = useMutation({ mutationFn: () => invoke('history.export', {}) })
  const importHistory = useMutation({ mutationFn: () => invoke('history.import', {}) })
  const countsText = (counts: Record<string, number>) =>
    [
      ['questionnaires', 'questionnaire'],
      ['decision_runs', 'decision run'],
      ['image_results', 'image'],
      ['video_jobs', 'video job'],
      ['conversations', 'conversation'],
    ]
      .map(([key, noun]) => counted(counts[key ?? ''] ?? 0, noun ?? ''))
      .join(', ')

  return (
    <section className="card" aria-labelledby="storage-title">
      <h2 id="storage-title">Data and secrets</h2>
      <dl className="facts">
        <dt>Data folder</dt>
        <dd className="facts__row">
          <span className="facts__path" title={info.data?.dataFolder}>
            {info.data?.dataFolder ?? '…'}
          </span>
          <button type="button" className="button button--small" onClick={() => openFolder.mutate()}>
            Open folder
          </button>
        </dd>
        <dt>History</dt>
        <dd>
          <p className="facts__text">
            One archive of everything the app keeps — runs, images, videos, conversations, preferences — but
            not your API keys. An import is checked in full first and replaces the history when the app
            restarts; the current one is kept aside.
          </p>
          <div className="form-actions">
            <button
              type="button"
              className="button"
              onClick={() => exportHistory.mutate()}
              disabled={exportHistory.isPending}
            >
              {exportHistory.isPending ? 'Exporting…' : 'Export history…'}
            </button>
            <button
              type="button"
              className="button"
              onClick={() => importHistory.mutate()}
              disabled={importHistory.isPending}
            >
              {importHistory.isPending ? 'Checking the archive…' : 'Import history…'}
            </button>
          </div>
          {exportHistory.data?.savedTo ? (
            <p className="muted" role="status">
              Exported {countsText(exportHistory.data.counts)} to {exportHistory.data.savedTo}.
            </p>
          ) : null}
          {importHistory.data?.staged ? (
            <p className="notice" role="status">
              The archive checks out ({countsText(importHistory.data.counts)}).{' '}
              {importHistory.data.restarting
                ? 'The app restarts now to put it in place.'
                : 'Restart the app to put it in place.'}
            </p>
          ) : null}
          <ErrorNote error={exportHistory.error ?? importHistory.error} />
        </dd>
        <dt>Secret storage</dt>
        <dd>
          <p className="facts__text">{storage.data ? backendText[storage.data.backend] : '…'}</p>
          {storage.data?.backend === 'basic_text' ? (
            <label className="checkbox">
              <input
                type="checkbox"
                checked={storage.data.allowWeakStorage}
                onChange={(event) => allowWeak.mutate(event.target.checked)}
              />
              Allow weaker storage: keep keys on disk, encrypted with a fixed key
            </label>
          ) : null}
        </dd>
        <dt>Version</dt>
        <dd>
          {info.data
            ? `${info.data.version} · ${info.data.shell === 'electron' ? 'desktop app' : 'browser harness'}`
            : '…'}
        </dd>
      </dl>
      <ErrorNote error={allowWeak.error ?? openFolder.error} />
    </section>
  )
}
