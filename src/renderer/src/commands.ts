// The window's side of the one list of commands (`#shared/commands`): what each command does and when it can,
// contributed by the features (a screen's own commands while it shows, the rest at start). The palette, the
// application menu (through main's `app.command`) and the key dispatcher all run commands from here.
import { useEffect, useRef } from 'react'
import { type CommandId, type CommandInfo, commandList } from '#shared/commands'

export interface CommandHandler {
  run: () => void
  /** Whether the command can run now (a job open, a questionnaire that can run); always, when absent. */
  when?: () => boolean
}

export type CommandHandlers = Partial<Record<CommandId, CommandHandler>>

/** Each command's handlers, the last given first: a screen's own handler stands over the app's while it shows. */
const handlers = new Map<CommandId, CommandHandler[]>()

export function registerCommands(entries: CommandHandlers): () => void {
  const added = Object.entries(entries) as [CommandId, CommandHandler][]
  for (const [id, handler] of added) handlers.set(id, [handler, ...(handlers.get(id) ?? [])])
  return () => {
    for (const [id, handler] of added)
      handlers.set(
        id,
        (handlers.get(id) ?? []).filter((h) => h !== handler),
      )
  }
}

/** Registers `entries` while the component shows; handlers read the latest render's values. */
export function useCommands(entries: CommandHandlers): void {
  const latest = useRef(entries)
  latest.current = entries
  const ids = Object.keys(entries).sort().join(' ')
  useEffect(() => {
    const stable = Object.fromEntries(
      ids
        .split(' ')
        .filter(Boolean)
        .map((id) => [
          id,
          {
            run: () => latest.current[id as CommandId]?.run(),
            when: () => latest.current[id as CommandId]?.when?.() ?? true,
          },
        ]),
    ) as CommandHandlers
    return registerCommands(stable)
  }, [ids])
}

/** The handler that runs `id` now, if any can. */
const handlerOf = (id: CommandId) => handlers.get(id)?.find((handler) => handler.when?.() ?? true)

export interface RunnableCommand extends CommandInfo {
  id: CommandId
}

/** The commands that can run now, in the list's order. */
export const availableCommands = (): RunnableCommand[] =>
  (commandList as readonly RunnableCommand[]).filter((command) => handlerOf(command.id) !== undefined)

const recentKey = 'gateway-desk.recent-commands'
const recentLimit = 8

/** The commands last run, the latest first. */
export function recentCommands(): CommandId[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(recentKey) ?? '[]')
    return Array.isArray(stored) ? stored.filter((id): id is CommandId => typeof id === 'string') : []
  } catch {
    return []
  }
}

/** Runs `id` if it can run now; false when it cannot. */
export function runCommand(id: CommandId): boolean {
  const handler = handlerOf(id)
  if (!handler) return false
  try {
    localStorage.setItem(
      recentKey,
      JSON.stringify([id, ...recentCommands().filter((r) => r !== id)].slice(0, recentLimit)),
    )
  } catch {
    // A full or refused storage only forgets the order of recent commands.
  }
  handler.run()
  return true
}

export const isMac = navigator.userAgent.includes('Mac')

/** A key press as a keybinding is written (`Mod+Shift+Z`), or null for a key alone that no command takes. */
export function keybindingOf(event: KeyboardEvent): string | null {
  const mod = isMac ? event.metaKey : event.ctrlKey
  if (!mod) return null
  const key = event.key.length === 1 ? event.key.toUpperCase() : event.key
  return ['Mod', ...(event.shiftKey ? ['Shift'] : []), ...(event.altKey ? ['Alt'] : []), key].join('+')
}

/** The command the keys of `event` run, if one can run now. */
export function commandForKeys(event: KeyboardEvent): CommandId | undefined {
  const keys = keybindingOf(event)
  if (!keys) return undefined
  return (commandList as readonly RunnableCommand[]).find(
    (command) => (command.keybinding === keys || command.alsoKeys?.includes(keys)) && handlerOf(command.id),
  )?.id
}
