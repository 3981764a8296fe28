// A row of tabs that switches what is shown below it: the chosen one is selected and takes the Tab key's stop
// (the arrow keys move between them: app/tab-keys.ts).
import type { ReactNode } from 'react'

export function Tabs<T extends string | number>(props: {
  label: string
  options: readonly { value: T; label: ReactNode }[]
  value: T
  onChange: (value: T) => void
  /** Buttons joined in one control (a screen's views), or a row of tabs over a panel. */
  look?: 'segmented' | 'tabs'
}) {
  const look = props.look ?? 'segmented'
  // With none chosen (a view the tabs do not name, such as a provider's page), the first takes the Tab stop.
  const stop = props.options.some((option) => option.value === props.value)
    ? props.value
    : props.options[0]?.value
  return (
    <div className={look} role="tablist" aria-label={props.label}>
      {props.options.map((option) => (
        <button
          key={option.value}
          type="button"
          role="tab"
          aria-selected={option.value === props.value}
          tabIndex={option.value === stop ? 0 : -1}
          className={look === 'tabs' ? 'tabs__tab' : 'segmented__option'}
          onClick={() => props.onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  )
}
