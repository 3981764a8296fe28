// An error in words a person understands: the message, what to do, and the raw answer one click away.
import { AppError } from '#shared/ipc/app-error'

export function ErrorNote({ error }: { error: unknown }) {
  if (!error) return null
  const appError = error instanceof AppError ? error : null
  const message = error instanceof Error ? error.message : String(error)
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
    </div>
  )
}
