// An error in words a person understands: the message, what to do, the raw answer one click away, and the
// next step as a button — Retry where trying again can help, Open Settings where the profile is the cause.
import { AppError } from '#shared/ipc/app-error'
import { navigate, pathTo } from '../router.ts'

/** Causes a person fixes in Settings: no key, a key refused, an address that does not answer. */
const settingsCodes = new Set(['no_api_key', 'service_unreachable'])
const isSettingsCause = (error: AppError) =>
  settingsCodes.has(error.code) || (error.code === 'service_error' && error.status === 401)

export function ErrorNote({ error, onRetry }: { error: unknown; onRetry?: (() => void) | undefined }) {
  if (!error) return null
  const appError = error instanceof AppError ? error : null
  const message = error instanceof Error ? error.message : String(error)
  const openSettings = appError !== null && isSettingsCause(appError)
  return (
    <div className="error-note" role="alert">
      <p className="error-note__message">{message}</p>
      {appError?.hint ? <p className="error-note__hint">{appError.hint}</p> : null}
      {appError?.raw ? (
        <details className="error-note__raw">
          <summary>Show the service's answer</summary>
          <pre>{appError.raw}</pre>
        </details>
      ) : null}
      {onRetry || openSettings ? (
        <p className="error-note__actions">
          {onRetry ? (
            <button type="button" className="button button--small" onClick={onRetry}>
              Retry
            </button>
          ) : null}
          {openSettings ? (
            <button
              type="button"
              className="button button--small"
              onClick={() => navigate(pathTo('/settings'))}
            >
              Open Settings
            </button>
          ) : null}
        </p>
      ) : null}
    </div>
  )
}
