// The commands the shell runs for every screen: going to a screen, the theme, the history's archive, and the
// actions that open a screen where their work happens. A screen's own commands (run this questionnaire, cancel
// this job) are given by the screen while it shows.
import type { QueryClient } from '@tanstack/react-query'
import type { ThemePreference } from '#shared/ipc/routes/app'
import { screenList } from '#shared/screens'
import type { CommandHandlers } from '../commands.ts'
import { invoke, queryKeys } from '../ipc.ts'
import { lastPathOf, navigate, pathTo } from '../router.ts'

const setTheme = (client: QueryClient, theme: ThemePreference) =>
  void invoke('preferences.update', { theme }).then((next) =>
    client.setQueryData(queryKeys.preferences(), next),
  )

/** Runs `then` once the app's own error line has said what failed, if anything did. */
const reported = (work: Promise<unknown>, onError: (error: unknown) => void) => void work.catch(onError)

export function appCommands(client: QueryClient, onError: (error: unknown) => void): CommandHandlers {
  const decisions = () => import('../features/decisions/store.ts')
  const playground = () => import('../features/playground/conversation.ts')
  const addQuestion = (kind: 'predicate' | 'choice' | 'score') => ({
    run: () => {
      navigate(pathTo('/decisions'))
      reported(
        decisions().then(({ edits, useQuestionnaire }) =>
          useQuestionnaire.getState().change(edits.add(kind)),
        ),
        onError,
      )
    },
  })
  const go = (path: string) => ({ run: () => navigate(path) })
  return {
    ...Object.fromEntries(
      screenList.map((screen) => [`go.${screen.id}`, { run: () => navigate(lastPathOf(screen.path)) }]),
    ),
    'app.settings': go(pathTo('/settings')),
    'app.spend': go(pathTo('/settings', { section: 'spend' })),
    'profiles.add': go(pathTo('/settings', { add: 'profile' })),
    'spend.export': {
      run: () => {
        const now = new Date()
        const from = new Date(now.getFullYear(), now.getMonth(), 1).getTime()
        reported(invoke('spend.export', { from, to: now.getTime(), scope: 'active' }), onError)
      },
    },
    'videos.new': go(pathTo('/videos', { panel: 'new' })),
    'history.export': { run: () => reported(invoke('history.export', {}), onError) },
    'history.import': { run: () => reported(invoke('history.import', {}), onError) },
    'app.openDataFolder': { run: () => reported(invoke('app.openDataFolder', {}), onError) },
    'decisions.yesNo': addQuestion('predicate'),
    'decisions.choice': addQuestion('choice'),
    'decisions.score': addQuestion('score'),
    'decisions.build': go(pathTo('/decisions', {})),
    'decisions.batch': go(pathTo('/decisions', { view: 'batch' })),
    'decisions.runs': go(pathTo('/decisions', { view: 'runs' })),
    'images.gallery': go(pathTo('/images', { view: 'gallery' })),
    'videos.webhooks': go(pathTo('/videos', { panel: 'webhooks' })),
    'models.compare': go(pathTo('/models', { view: 'compare' })),
    'models.changes': go(pathTo('/models', { view: 'changes' })),
    'models.refresh': {
      run: () => {
        navigate(pathTo('/models'))
        // What the screens show of the catalog is read again when main says it changed (`data.changed`).
        reported(invoke('catalog.overview', { refresh: true }), onError)
      },
    },
    'playground.messages': {
      run: () =>
        reported(
          playground().then(({ newMessagesConversation, useOpenConversations }) => {
            const { messages, setMessages } = useOpenConversations.getState()
            setMessages(newMessagesConversation(messages.settings.model))
            navigate(pathTo('/playground'))
          }),
          onError,
        ),
    },
    'playground.generate': {
      run: () =>
        reported(
          playground().then(({ newGenerateConversation, useOpenConversations }) => {
            const { generate, setGenerate } = useOpenConversations.getState()
            setGenerate(newGenerateConversation(generate.settings.model))
            navigate(pathTo('/playground', { tab: 'generate' }))
          }),
          onError,
        ),
    },
    'playground.caches': go(pathTo('/playground', { tab: 'caches' })),
    'theme.light': { run: () => setTheme(client, 'light') },
    'theme.dark': { run: () => setTheme(client, 'dark') },
    'theme.system': { run: () => setTheme(client, 'system') },
  }
}
