import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ErrorBoundary } from './ErrorBoundary.tsx'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

let failing = true
function Screen() {
  if (failing) throw new Error('the catalog could not be drawn')
  return <p>Screen content</p>
}

afterEach(() => {
  document.body.innerHTML = ''
})

describe('ErrorBoundary', () => {
  it('shows a recoverable page with the error and a reload, and recovers on "Try again"', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const reload = vi.fn()
    const container = document.createElement('div')
    document.body.append(container)
    const root = createRoot(container)
    failing = true
    await act(async () =>
      root.render(
        <ErrorBoundary onReload={reload}>
          <Screen />
        </ErrorBoundary>,
      ),
    )
    expect(container.querySelector('[role=alert] h1')?.textContent).toBe('This screen stopped working')
    expect(container.textContent).toContain('the catalog could not be drawn')
    const [reloadButton, retry] = [...container.querySelectorAll('button')]
    await act(async () => reloadButton?.click())
    expect(reload).toHaveBeenCalledOnce()
    failing = false
    await act(async () => retry?.click())
    expect(container.textContent).toBe('Screen content')
    root.unmount()
  })
})
