// Every command of the app as data: what it is called, where it belongs, its keys and where the application
// menu lists it. The window runs them (each feature gives its own a `run` and a `when`); the palette, the menu
// and the one key dispatcher all read this list, so they never drift apart.
import { screenList } from './screens.ts'

export interface CommandInfo {
  id: string
  title: string
  /** Where it belongs, shown beside it: a screen or "App". */
  group: string
  /** `Mod` is ⌘ on macOS and Ctrl elsewhere: `Mod+K`, `Mod+Shift+Z`, `Mod+Enter`. */
  keybinding?: string
  /** Other keys people expect for it (`Mod+Y` redoes on Windows), taken as well but not shown. */
  alsoKeys?: readonly string[]
  /** Where the application menu lists it. */
  menu?: 'app' | 'file' | 'view' | 'help'
  /** Other words a person may look for it by in the palette. */
  keywords?: string
}

export const commandList = [
  ...screenList.map(
    (screen, index) =>
      ({
        id: `go.${screen.id}`,
        title: screen.label,
        group: 'Screens',
        keybinding: `Mod+${index + 1}`,
        menu: 'view',
      }) as const,
  ),
  { id: 'app.palette', title: 'Command palette', group: 'App', keybinding: 'Mod+K' },
  { id: 'app.settings', title: 'Settings…', group: 'App', keybinding: 'Mod+,', menu: 'app' },
  { id: 'videos.new', title: 'New video job', group: 'Videos', keybinding: 'Mod+N', menu: 'file' },
  {
    id: 'decisions.run',
    title: 'Run questionnaire',
    group: 'Decisions',
    keybinding: 'Mod+Enter',
    menu: 'file',
  },
  { id: 'history.export', title: 'Export history…', group: 'App', menu: 'file' },
  { id: 'history.import', title: 'Import history…', group: 'App', menu: 'file' },
  { id: 'app.openDataFolder', title: 'Open data folder', group: 'App', menu: 'help' },
  { id: 'app.restartToUpdate', title: 'Restart to update', group: 'App' },
  { id: 'app.spend', title: 'What I spent', group: 'App' },
  { id: 'spend.export', title: 'Export this month’s spend as CSV…', group: 'App' },
  { id: 'profiles.add', title: 'Add a profile', group: 'App' },
  { id: 'decisions.yesNo', title: 'Add a yes/no question', group: 'Decisions' },
  { id: 'decisions.choice', title: 'Add a choice question', group: 'Decisions' },
  { id: 'decisions.score', title: 'Add a score question', group: 'Decisions' },
  { id: 'decisions.undo', title: 'Undo the last builder edit', group: 'Decisions', keybinding: 'Mod+Z' },
  {
    id: 'decisions.redo',
    title: 'Redo a builder edit',
    group: 'Decisions',
    keybinding: 'Mod+Shift+Z',
    alsoKeys: ['Mod+Y'],
  },
  { id: 'decisions.save', title: 'Save the questionnaire', group: 'Decisions', keybinding: 'Mod+S' },
  { id: 'decisions.build', title: 'Build and run a questionnaire', group: 'Decisions' },
  { id: 'decisions.batch', title: 'Run a batch', group: 'Decisions', keywords: 'csv file evaluation set' },
  { id: 'decisions.runs', title: 'Past runs', group: 'Decisions' },
  {
    id: 'decisions.scores',
    title: 'Go to the batch’s scores',
    group: 'Decisions',
    keywords: 'accuracy threshold cost of errors calibration baseline compare models side by side evaluation',
  },
  {
    id: 'decisions.label',
    title: 'Label the batch’s rows',
    group: 'Decisions',
    keywords: 'expected answers labeling',
  },
  { id: 'images.gallery', title: 'Open the gallery', group: 'Images' },
  { id: 'videos.webhooks', title: 'Webhooks and tunnel', group: 'Videos' },
  { id: 'videos.cancelJob', title: 'Cancel this job', group: 'Videos' },
  { id: 'models.compare', title: 'Compare models', group: 'Models' },
  { id: 'models.compareThis', title: 'Compare this model', group: 'Models' },
  { id: 'models.changes', title: 'What changed in the catalog', group: 'Models' },
  { id: 'models.refresh', title: 'Refresh the model catalog', group: 'Models' },
  { id: 'playground.messages', title: 'New messages conversation', group: 'Playground' },
  { id: 'playground.generate', title: 'New generateContent conversation', group: 'Playground' },
  { id: 'playground.caches', title: 'Cached contents', group: 'Playground' },
  { id: 'theme.light', title: 'Theme: light', group: 'App' },
  { id: 'theme.dark', title: 'Theme: dark', group: 'App' },
  { id: 'theme.system', title: 'Theme: as the system', group: 'App' },
] as const satisfies readonly CommandInfo[]

export type CommandId = (typeof commandList)[number]['id']
export const commandIds = commandList.map((command) => command.id) as [CommandId, ...CommandId[]]

/** A keybinding as Electron's menu writes it: `Mod+K` → `CmdOrCtrl+K`. */
export const acceleratorOf = (keybinding: string): string => keybinding.replace(/^Mod\+/, 'CmdOrCtrl+')

/** A keybinding as a person reads it on this system: `⌘K`, `Ctrl+K`. */
export const keysLabel = (keybinding: string, mac: boolean): string =>
  mac
    ? keybinding
        .replace(/^Mod\+/, '⌘')
        .replace('Shift+', '⇧')
        .replace('Enter', '↩')
    : keybinding.replace(/^Mod\+/, 'Ctrl+')
