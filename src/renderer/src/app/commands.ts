// Everything the command palette offers: every screen, and the actions people reach for, each with its shortcut
// where it has one. An action goes where its work happens and starts it there.
import type { QueryClient } from '@tanstack/react-query'
import type { ThemePreference } from '#shared/ipc/routes/app'
import { edits, useQuestionnaire } from '../features/decisions/store.ts'
import {
  newGenerateConversation,
  newMessagesConversation,
  useOpenConversations,
} from '../features/playground/conversation.ts'
import { invoke } from '../ipc.ts'
import { queryKeys } from '../query.ts'
import { navigate, pathTo } from '../router.ts'
import { isMac, screens, shortcutLabel } from './screens.tsx'

export interface Command {
  id: string
  label: string
  /** Where it belongs, shown beside it: the screen or "App". */
  group: string
  shortcut?: string
  run: () => void
}

const mod = isMac ? '⌘' : 'Ctrl+'

const setTheme = (client: QueryClient, theme: ThemePreference) =>
  void invoke('preferences.update', { theme }).then((next) =>
    client.setQueryData(queryKeys.preferences(), next),
  )

export function commandsFor(client: QueryClient): Command[] {
  const addQuestion = (kind: 'predicate' | 'choice' | 'score') => () => {
    navigate(pathTo('/decisions'))
    useQuestionnaire.getState().change(edits.add(kind))
  }
  return [
    ...screens.map((screen, index) => ({
      id: `go:${screen.id}`,
      label: `Go to ${screen.label}`,
      group: 'Screens',
      shortcut: shortcutLabel(index),
      run: () => navigate(pathTo(screen.path as '/decisions')),
    })),
    {
      id: 'decisions:yes-no',
      label: 'Add a yes/no question',
      group: 'Decisions',
      run: addQuestion('predicate'),
    },
    {
      id: 'decisions:choice',
      label: 'Add a choice question',
      group: 'Decisions',
      run: addQuestion('choice'),
    },
    { id: 'decisions:score', label: 'Add a score question', group: 'Decisions', run: addQuestion('score') },
    {
      id: 'decisions:undo',
      label: 'Undo the last builder edit',
      group: 'Decisions',
      shortcut: `${mod}Z`,
      run: () => useQuestionnaire.getState().undo(),
    },
    {
      id: 'decisions:redo',
      label: 'Redo a builder edit',
      group: 'Decisions',
      shortcut: `${mod}Shift+Z`,
      run: () => useQuestionnaire.getState().redo(),
    },
    {
      id: 'decisions:batch',
      label: 'Run a batch',
      group: 'Decisions',
      run: () => navigate(pathTo('/decisions', { view: 'batch' })),
    },
    {
      id: 'decisions:runs',
      label: 'Past runs',
      group: 'Decisions',
      run: () => navigate(pathTo('/decisions', { view: 'runs' })),
    },
    {
      id: 'images:gallery',
      label: 'Open the gallery',
      group: 'Images',
      run: () => navigate(pathTo('/images', { view: 'gallery' })),
    },
    {
      id: 'videos:new',
      label: 'New video',
      group: 'Videos',
      run: () => navigate(pathTo('/videos', { panel: 'new' })),
    },
    {
      id: 'videos:webhooks',
      label: 'Webhooks and tunnel',
      group: 'Videos',
      run: () => navigate(pathTo('/videos', { panel: 'webhooks' })),
    },
    {
      id: 'models:compare',
      label: 'Compare models',
      group: 'Models',
      run: () => navigate(pathTo('/models', { view: 'compare' })),
    },
    {
      id: 'models:changes',
      label: 'What changed in the catalog',
      group: 'Models',
      run: () => navigate(pathTo('/models', { view: 'changes' })),
    },
    {
      id: 'models:refresh',
      label: 'Refresh the model catalog',
      group: 'Models',
      run: () => {
        navigate(pathTo('/models'))
        void invoke('catalog.overview', { refresh: true }).then(() => client.invalidateQueries())
      },
    },
    {
      id: 'playground:messages',
      label: 'New messages conversation',
      group: 'Playground',
      run: () => {
        const { messages, setMessages } = useOpenConversations.getState()
        setMessages(newMessagesConversation(messages.settings.model))
        navigate(pathTo('/playground'))
      },
    },
    {
      id: 'playground:generate',
      label: 'New generateContent conversation',
      group: 'Playground',
      run: () => {
        const { generate, setGenerate } = useOpenConversations.getState()
        setGenerate(newGenerateConversation(generate.settings.model))
        navigate(pathTo('/playground', { tab: 'generate' }))
      },
    },
    {
      id: 'playground:caches',
      label: 'Cached contents',
      group: 'Playground',
      run: () => navigate(pathTo('/playground', { tab: 'caches' })),
    },
    { id: 'theme:light', label: 'Theme: light', group: 'App', run: () => setTheme(client, 'light') },
    { id: 'theme:dark', label: 'Theme: dark', group: 'App', run: () => setTheme(client, 'dark') },
    {
      id: 'theme:system',
      label: 'Theme: as the system',
      group: 'App',
      run: () => setTheme(client, 'system'),
    },
  ]
}

/** Commands whose words contain every word typed, in any order and case. */
export function matching(commands: readonly Command[], typed: string): Command[] {
  const words = typed.toLowerCase().split(/\s+/).filter(Boolean)
  return commands.filter((command) => {
    const text = `${command.label} ${command.group}`.toLowerCase()
    return words.every((word) => text.includes(word))
  })
}
