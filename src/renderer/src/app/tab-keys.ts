// Arrow keys move within every tab list and segmented control of the app (WAI-ARIA tabs and radio groups of
// buttons): Left/Up and Right/Down to the previous and next, Home and End to the first and last; the option
// reached is chosen, as a click would.
import { useEffect } from 'react'

const moves: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowDown: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  ArrowUp: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_, count) => count - 1,
}

function onKey(event: KeyboardEvent) {
  const move = moves[event.key]
  if (!move || event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return
  const current = (event.target as HTMLElement | null)?.closest?.('button[role="tab"], button[role="radio"]')
  const group = current?.closest('[role="tablist"], [role="radiogroup"]')
  if (!current || !group) return
  const options = [
    ...group.querySelectorAll<HTMLButtonElement>('button[role="tab"], button[role="radio"]'),
  ].filter((option) => !option.disabled && option.closest('[role="tablist"], [role="radiogroup"]') === group)
  const index = options.indexOf(current as HTMLButtonElement)
  if (index === -1) return
  event.preventDefault()
  const next = options[move(index, options.length)]
  next?.focus()
  next?.click()
}

export function useTabListKeys(): void {
  useEffect(() => {
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])
}
