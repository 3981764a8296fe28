// A screen that fails to render shows what happened and a way back, instead of a blank window. Nothing is
// lost: the history, keys and running jobs live in main.
import { Component, type ReactNode } from 'react'

export class ErrorBoundary extends Component<
  { children: ReactNode; onReload?: () => void },
  { error: Error | null }
> {
  override state: { error: Error | null } = { error: null }

  static getDerivedStateFromError(error: Error) {
    return { error }
  }

  override componentDidCatch(error: Error) {
    console.error('A screen failed to render', error)
  }

  override render() {
    const { error } = this.state
    if (!error) return this.props.children
    return (
      <section className="crash" role="alert" aria-label="This screen stopped working">
        <h1>This screen stopped working</h1>
        <p>Your history, keys and running jobs are safe: they are kept outside the window.</p>
        <details>
          <summary>What happened</summary>
          <pre className="code-block">{error.message}</pre>
        </details>
        <div className="form-actions">
          <button
            type="button"
            className="button button--primary"
            onClick={() => (this.props.onReload ? this.props.onReload() : window.location.reload())}
          >
            Reload
          </button>
          <button type="button" className="button" onClick={() => this.setState({ error: null })}>
            Try again
          </button>
        </div>
      </section>
    )
  }
}
