// A row of tabs that switches what is shown below it: the chosen one is selected and takes the Tab key's stop.
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
  return (
    <div className={look} role="tablist" aria-label={props.label}>
      {props.options.map((option) => (
        <button
          key={option.value}
          type="button"
          role="tab"
          aria-selected={option.value === props.value}
          tabIndex={option.value === props.value ? 0 : -1}
          className={look === 'tabs' ? 'tabs__tab' : 'segmented__option'}
          onClick={() => props.onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  )
}
