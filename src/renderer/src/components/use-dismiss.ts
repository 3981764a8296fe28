// A panel, form or detail that opens over or beside a screen: focus moves into it when it opens and back to
// what opened it when it closes, and Escape closes the one opened last.
import { type RefObject, useEffect, useRef } from 'react'

const open: { close: () => void }[] = []

function onEscape(event: KeyboardEvent) {
  if (event.key !== 'Escape' || event.defaultPrevented || open.length === 0) return
  // A control with its own Escape (an open dropdown, an IME composition) keeps it.
  if (event.isComposing) return
  event.preventDefault()
  open.at(-1)?.close()
}

/** `firstField`: a form takes the focus in its first field rather than as a whole. */
export function useDismiss(
  ref: RefObject<HTMLElement | null>,
  close: () => void,
  options: { firstField?: boolean } = {},
): void {
  const { firstField = false } = options
  const latest = useRef(close)
  latest.current = close
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    const entry = { close: () => latest.current() }
    if (open.length === 0) window.addEventListener('keydown', onEscape)
    open.push(entry)
    const panel = ref.current
    if (panel && !panel.contains(document.activeElement)) {
      const field = firstField ? panel.querySelector<HTMLElement>('input, textarea, select') : null
      if (field) field.focus({ preventScroll: true })
      else {
        if (!panel.hasAttribute('tabindex')) panel.setAttribute('tabindex', '-1')
        panel.focus({ preventScroll: true })
      }
    }
    return () => {
      open.splice(open.indexOf(entry), 1)
      if (open.length === 0) window.removeEventListener('keydown', onEscape)
      // Back to what opened it, unless the person has moved on elsewhere.
      const focus = document.activeElement
      const wasInside = focus === null || focus === document.body || (panel?.contains(focus) ?? false)
      if (wasInside && opener?.isConnected) opener.focus({ preventScroll: true })
    }
  }, [ref, firstField])
}
