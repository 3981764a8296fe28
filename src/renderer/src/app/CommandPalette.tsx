// Ctrl/⌘+K: every command that can run now — the ones last run first, a screen's own commands while it shows —
// and, as words are typed, the models, jobs, questionnaires and conversations whose names hold them, to jump to.
// Type to narrow, ↑/↓ to choose, Enter to run, Escape to close; focus goes back to where it was.
import { useQuery } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { keysLabel } from '#shared/commands'
import { emptyFilter } from '#shared/domain/catalog-view'
import { availableCommands, isMac, recentCommands, runCommand } from '../commands.ts'
import { useDismiss } from '../components/use-dismiss.ts'
import type { GenerateConversation, MessagesConversation } from '../features/playground/conversation.ts'
import { invoke, queryKeys } from '../ipc.ts'
import { navigate, pathTo } from '../router.ts'

export interface Entry {
  key: string
  label: string
  group: string
  /** Other words it is found by, not shown. */
  keywords?: string
  keys?: string
  run: () => void
}

/** Entries whose words (their label, group and keywords) contain every word typed, in any order and case. */
export function matching(entries: readonly Entry[], typed: string): Entry[] {
  const words = typed.toLowerCase().split(/\s+/).filter(Boolean)
  return entries.filter((entry) => {
    const text = `${entry.label} ${entry.group} ${entry.keywords ?? ''}`.toLowerCase()
    return words.every((word) => text.includes(word))
  })
}

/** The commands that can run now, the ones last run first; the screens always in the sidebar's order, after them. */
function commandEntries(): Entry[] {
  const recent = recentCommands().filter((id) => !id.startsWith('go.'))
  const rank = (id: string) => {
    const at = recent.indexOf(id as never)
    return at === -1 ? recent.length : at
  }
  return availableCommands()
    .filter((command) => command.id !== 'app.palette')
    .map((command, order) => ({ command, order }))
    .sort((a, b) => rank(a.command.id) - rank(b.command.id) || a.order - b.order)
    .map(({ command }) => ({
      key: command.id,
      label: command.group === 'Screens' ? `Go to ${command.title}` : command.title,
      group: command.group,
      ...('keywords' in command ? { keywords: command.keywords } : {}),
      ...(command.keybinding ? { keys: keysLabel(command.keybinding, isMac) } : {}),
      run: () => runCommand(command.id),
    }))
}

const named = (text: string, typed: string) => text.toLowerCase().includes(typed.toLowerCase())
const few = 5

/** The items whose names hold `typed`, to jump to; a kind that cannot be read is left out. */
async function jumpsFor(typed: string, signal: AbortSignal): Promise<Entry[]> {
  const [models, jobs, questionnaires, conversations, images] = await Promise.all([
    invoke(
      'catalog.rows',
      { filter: { ...emptyFilter, text: typed }, sort: 'id', descending: false, offset: 0, limit: few },
      { signal },
    ).then(
      ({ rows }) => rows,
      () => [],
    ),
    invoke('videos.list', { text: typed, limit: few }, { signal }).then(
      ({ jobs }) => jobs,
      () => [],
    ),
    invoke('questionnaires.list', {}, { signal }).then(
      (list) => list.filter((item) => named(item.name, typed)).slice(0, few),
      () => [],
    ),
    invoke('conversations.list', {}, { signal }).then(
      (list) => list.filter((item) => named(item.title, typed)).slice(0, few),
      () => [],
    ),
    invoke('images.list', { text: typed, limit: few }, { signal }).then(
      (list) => list,
      () => [],
    ),
  ])
  return [
    ...models.map((model) => ({
      key: `model ${model.id}`,
      label: `Open model ${model.name}`,
      group: 'Models',
      run: () => navigate(pathTo('/models', { model: model.id })),
    })),
    ...jobs.map((job) => ({
      key: `job ${job.id}`,
      label: `Open job “${job.prompt.slice(0, 80)}”`,
      group: 'Videos',
      run: () => navigate(pathTo('/videos', { job: job.id })),
    })),
    ...questionnaires.map((item) => ({
      key: `questionnaire ${item.id}`,
      label: `Open questionnaire ${item.name}`,
      group: 'Decisions',
      run: () => {
        navigate(pathTo('/decisions'))
        void Promise.all([
          invoke('questionnaires.get', { id: item.id }),
          import('../features/decisions/store.ts'),
        ])
          .then(([questionnaire, { useQuestionnaire }]) => useQuestionnaire.getState().load(questionnaire))
          .catch(() => {})
      },
    })),
    ...images.map((image) => ({
      key: `image ${image.id}`,
      label: `Open image “${image.prompt.slice(0, 80)}”`,
      group: 'Images',
      run: () => navigate(pathTo('/images', { image: image.id })),
    })),
    ...conversations.map((item) => ({
      key: `conversation ${item.id}`,
      label: `Open conversation ${item.title}`,
      group: 'Playground',
      run: () => {
        void Promise.all([
          invoke('conversations.get', { id: item.id }),
          import('../features/playground/conversation.ts'),
        ])
          .then(([conversation, { useOpenConversations }]) => {
            const open = useOpenConversations.getState()
            if (conversation.protocol === 'messages')
              open.setMessages(conversation.state as MessagesConversation)
            else open.setGenerate(conversation.state as GenerateConversation)
            navigate(pathTo('/playground', conversation.protocol === 'messages' ? {} : { tab: 'generate' }))
          })
          .catch(() => {})
      },
    })),
  ]
}

export function CommandPalette({ onClose }: { onClose: () => void }) {
  const [commands] = useState(commandEntries)
  const [typed, setTyped] = useState('')
  const [active, setActive] = useState(0)
  const dialog = useRef<HTMLDivElement>(null)
  useDismiss(dialog, onClose, { firstField: true })
  const words = typed.trim()
  const jumps = useQuery({
    queryKey: queryKeys.paletteJumps(words),
    queryFn: ({ signal }) => jumpsFor(words, signal),
    enabled: words.length >= 2,
    placeholderData: (previous) => previous,
    staleTime: 10_000,
  })
  const shown = [...matching(commands, typed), ...(words.length >= 2 ? (jumps.data ?? []) : [])]
  const current = shown[Math.min(active, shown.length - 1)]
  const run = (index: number) => {
    const entry = shown[index]
    if (!entry) return
    onClose()
    entry.run()
  }
  const optionId = (entry: Entry) => `palette-${entry.key.replace(/[^\w-]/g, '_')}`

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
          aria-activedescendant={current ? optionId(current) : undefined}
          aria-label="Search screens, actions and items"
          placeholder="Go to a screen, run an action, or find a model or job by name…"
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
        <div
          id="palette-list"
          className="palette__list"
          role="listbox"
          aria-label="Screens, actions and items"
        >
          {shown.length === 0 ? (
            <p className="palette__none muted">
              {jumps.isFetching ? 'Looking…' : `Nothing matches “${typed}”.`}
            </p>
          ) : null}
          {shown.map((entry, index) => (
            <div
              key={entry.key}
              id={optionId(entry)}
              role="option"
              tabIndex={-1}
              aria-selected={entry === current}
              aria-setsize={shown.length}
              aria-posinset={index + 1}
              className="palette__item"
              onMouseEnter={() => setActive(index)}
              onClick={() => run(index)}
              onKeyDown={() => {}}
            >
              <span className="palette__label">{entry.label}</span>
              <span className="palette__group muted">{entry.group}</span>
              {entry.keys ? <kbd className="shortcut">{entry.keys}</kbd> : null}
            </div>
          ))}
        </div>
      </div>
    </div>
  )
}
