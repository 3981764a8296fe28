// Preformatted text that may scroll. It takes focus so the keyboard can scroll it (WCAG 2.1.1).
import type { ReactNode } from 'react'

export function CodeBlock(props: { children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to scroll by keyboard
    <pre className="code-block" tabIndex={0}>
      {props.children}
    </pre>
  )
}
