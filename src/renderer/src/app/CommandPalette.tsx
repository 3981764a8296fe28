// Ctrl/⌘+K: every screen and every action, searchable, as people already work in their editors. Type to narrow,
// ↑/↓ to choose, Enter to run, Escape to close; focus goes back to where it was.
import { useQueryClient } from '@tanstack/react-query'
import { useMemo, useRef, useState } from 'react'
import { useDismiss } from '../components/use-dismiss.ts'
import { commandsFor, matching } from './commands.ts'

export function CommandPalette({ onClose }: { onClose: () => void }) {
  const client = useQueryClient()
  const commands = useMemo(() => commandsFor(client), [client])
  const [typed, setTyped] = useState('')
  const [active, setActive] = useState(0)
  const dialog = useRef<HTMLDivElement>(null)
  useDismiss(dialog, onClose, { firstField: true })
  const shown = matching(commands, typed)
  const current = shown[Math.min(active, shown.length - 1)]
  const run = (index: number) => {
    const command = shown[index]
    if (!command) return
    onClose()
    command.run()
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a click outside the dialog closes it; Escape is the keyboard's way
    <div className="palette-backdrop" onMouseDown={onClose}>
      <div
        ref={dialog}
        className="palette"
        role="dialog"
        aria-modal="true"
        aria-label="Command palette"
        onMouseDown={(event) => event.stopPropagation()}
      >
        <input
          className="palette__input"
          role="combobox"
          aria-expanded="true"
          aria-controls="palette-list"
          aria-activedescendant={current ? `palette-${current.id}` : undefined}
          aria-label="Search screens and actions"
          placeholder="Go to a screen or run an action…"
          autoComplete="off"
          spellCheck={false}
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value)
            setActive(0)
          }}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
              event.preventDefault()
              const step = event.key === 'ArrowDown' ? 1 : -1
              setActive((index) => (shown.length ? (index + step + shown.length) % shown.length : 0))
            } else if (event.key === 'Enter') {
              event.preventDefault()
              run(Math.min(active, shown.length - 1))
            }
          }}
        />
        <div id="palette-list" className="palette__list" role="listbox" aria-label="Screens and actions">
          {shown.length === 0 ? <p className="palette__none muted">Nothing matches “{typed}”.</p> : null}
          {shown.map((command, index) => (
            <div
              key={command.id}
              id={`palette-${command.id}`}
              role="option"
              tabIndex={-1}
              aria-selected={command === current}
              className="palette__item"
              onMouseEnter={() => setActive(index)}
              onClick={() => run(index)}
              onKeyDown={() => {}}
            >
              <span className="palette__label">{command.label}</span>
              <span className="palette__group muted">{command.group}</span>
              {command.shortcut ? <kbd className="shortcut">{command.shortcut}</kbd> : null}
            </div>
          ))}
        </div>
      </div>
    </div>
  )
}
