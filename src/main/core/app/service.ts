// The app itself: what is running, its preferences, external links, the data folder, history export and
// import, and cancelling a request in flight.

import { linkOfPath, type OpenedLink, pathOfLink } from '#shared/domain/deep-links'
import { type DraftKind, draftLimitBytes, draftSchemas } from '#shared/domain/drafts'
import { withScoringChoice } from '#shared/domain/scoring-choices'
import { AppError } from '#shared/ipc/app-error'
import type { Preferences, ScoringChoice } from '#shared/ipc/routes/app'
import type { HistoryArchive } from '../archive/history-archive.ts'
import type { EventBus } from '../events.ts'
import type { History } from '../history/history.ts'
import type { Platform } from '../platform.ts'
import type { RequestRegistry } from '../requests.ts'
import { checkExternalUrl } from './external-links.ts'
import type { PreferencesStore } from './preferences.ts'

/**
 * A link as a notice quotes it: escaped as an address is (so that it cannot pass for the app's own words), without
 * control or direction marks, and short.
 */
export function shownLink(raw: string): string {
  const escaped = encodeURI(raw.replace(/[\p{Cc}\p{Cf}]/gu, ''))
  return escaped.length > 80 ? `${escaped.slice(0, 79)}…` : escaped
}

export function createAppService(deps: {
  platform: Platform
  preferences: PreferencesStore
  events: EventBus
  requests: RequestRegistry
  notices: () => string[]
  /** Tells the person, among the notices, that a link opened nothing. */
  refusedLink: (notice: string) => void
  /** The name of a batch running now, if any (an update's restart would stop it). */
  runningBatch: () => string | null
  archive: HistoryArchive
  /** What screens were writing and have not sent, kept in the history. */
  drafts: History['drafts']
}) {
  const { platform, preferences, events, requests } = deps
  // A link that arrives before the window listens (the app started by it) waits for the page to ask.
  let listening = false
  let waitingPath: string | null = null
  /** Shows an address of the app in the window (a notification's, the tray's), now or when the page listens. */
  const openPath = (path: string): void => {
    if (listening) events.emit('app.navigate', { path })
    else waitingPath = path
  }
  async function updatePreferences(change: Partial<Preferences>) {
    const next = await preferences.update(change)
    events.emit('preferences.changed', next)
    events.emit('data.changed', { topics: ['preferences'] })
    return next
  }

  return {
    info: () => ({
      name: platform.appName,
      version: platform.appVersion,
      shell: platform.shell,
      platform: process.platform,
      dataFolder: platform.paths.userData,
    }),
    async openExternal(url: string) {
      await platform.openExternal(checkExternalUrl(url).href)
      return { opened: true as const }
    },
    async openDataFolder() {
      await platform.openPath(platform.paths.userData)
      return { opened: true as const }
    },
    notices: () => deps.notices(),
    /** A screen's kept draft, when it still reads as that screen's draft; null otherwise. */
    draft(kind: DraftKind): unknown {
      const kept = deps.drafts.get(kind)?.bodyJson
      if (kept === undefined) return null
      try {
        const read = draftSchemas[kind].safeParse(JSON.parse(kept))
        return read.success ? read.data : null
      } catch {
        return null
      }
    },
    keepDraft(kind: DraftKind, draft: unknown): Record<string, never> {
      const read = draftSchemas[kind].safeParse(draft)
      if (!read.success)
        throw new AppError({ code: 'validation_failed', message: `This is not a draft of ${kind}.` })
      const json = JSON.stringify(read.data)
      if (Buffer.byteLength(json) > draftLimitBytes)
        throw new AppError({
          code: 'validation_failed',
          message: 'This draft is too big to keep across a restart.',
        })
      deps.drafts.put(kind, json, Date.now())
      return {}
    },
    copyLink(path: string) {
      let link: string
      try {
        link = linkOfPath(path)
      } catch {
        throw new AppError({ code: 'validation_failed', message: 'There is no link to this address.' })
      }
      platform.copyText(link)
      return { link }
    },
    openPath,
    /** The page is up and listens: the address a link asked for before it was, once. */
    takeLinkPath() {
      listening = true
      const path = waitingPath
      waitingPath = null
      return { path }
    },
    /** The window closed: a link now waits for the next one. */
    pageClosed() {
      listening = false
    },
    /**
     * Opens a gateway-desk:// link in the window, or says in a notice why it opened nothing. Only navigates:
     * whatever the link says, nothing is created, sent or imported.
     */
    openLink(raw: string): OpenedLink {
      const opened = pathOfLink(raw)
      if (opened.ok) openPath(opened.path)
      else deps.refusedLink(`The link ${shownLink(raw)} was not opened: ${opened.reason}`)
      return opened
    },
    async exportHistory() {
      const target = await platform.saveDialog({
        title: 'Export history',
        defaultPath: `gateway-desk-history-${new Date().toISOString().slice(0, 10)}.tar.gz`,
        filters: [{ name: 'History archive', extensions: ['gz'] }],
      })
      if (!target) return { savedTo: null, counts: {} }
      const { counts } = await deps.archive.export(target)
      return { savedTo: target, counts }
    },
    async importHistory() {
      const [source] = await platform.openDialog({
        title: 'Import history',
        filters: [{ name: 'History archive', extensions: ['gz'] }],
      })
      if (!source) return { staged: false, counts: {}, createdAt: null, restarting: false }
      const { counts, createdAt } = await deps.archive.stage(source)
      // Give the answer time to reach the window before the app restarts.
      const restarting = platform.shell === 'electron'
      if (restarting) setTimeout(() => platform.relaunch(), 1500)
      return { staged: true, counts, createdAt, restarting }
    },
    updateState: () => platform.updater.state(),
    async checkForUpdate() {
      await platform.updater.check()
      return platform.updater.state()
    },
    installUpdate(evenDuringBatch: boolean) {
      if (platform.updater.state().status !== 'ready')
        throw new AppError({ code: 'validation_failed', message: 'No update is downloaded yet.' })
      const batch = deps.runningBatch()
      if (batch && !evenDuringBatch)
        throw new AppError({
          code: 'batch_running',
          message: `The batch “${batch}” is running. Restarting now stops it after the rows in flight; it goes on from the rest when you resume it.`,
        })
      platform.updater.install()
      return { installing: true }
    },
    cancelRequest: (requestId: string) => ({ cancelled: requests.cancel(requestId) }),
    preferences: () => preferences.get(),
    updatePreferences,
    /** Merges one choice of a questionnaire's scores into the latest preferences, whoever else writes them. */
    keepScoring: (choice: ScoringChoice) =>
      updatePreferences({ scoring: withScoringChoice(preferences.get().scoring, choice) }),
  }
}

export type AppService = ReturnType<typeof createAppService>
