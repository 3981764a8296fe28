// What every command shares: the app's data folder and its one core (the owner's: the app's, another command's,
// or this one's), so what the command line runs is in the app's history and the reverse; calls through the
// contract. How a command prints and ends is output.ts's.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { homedir, tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { AppError } from '#shared/ipc/app-error'
import type { Envelope } from '#shared/ipc/envelope'
import type { RouteInput, RouteName, RouteOutput } from '#shared/ipc/routes/index'
import { unwrap } from '#shared/ipc/unwrap'
import type { Core, CoreOptions } from '../main/core/core.ts'
import type { EventSink } from '../main/core/events.ts'
import { attachToOwner } from '../main/core/owner/owner-client.ts'
import { claimFolder, type FolderClaim } from '../main/core/owner/owner-server.ts'
import type { SecretCipher, WorkerName } from '../main/core/platform.ts'
import { CommandEnd, exitCodes, usageError, warn } from './output.ts'

export interface GlobalOptions {
  profile?: string
  dataDir?: string
  json?: boolean
  /** The keychain, when the app's own executable runs the command line (plain Node cannot open it). */
  secretCipher?: SecretCipher
}

/** The command as the person ran it, up to its subcommand: what a hint to run another one starts with. */
export function commandPrefix(global: GlobalOptions): string {
  const quoted = (value: string) =>
    /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replaceAll("'", "'\\''")}'`
  return [
    'gateway-desk',
    ...(global.dataDir ? ['--data-dir', quoted(global.dataDir)] : []),
    ...(global.profile ? ['-p', quoted(global.profile)] : []),
  ].join(' ')
}

/** The app's data folder: Electron's userData for "Gateway Desk" on this system, unless told otherwise. */
export function dataFolder(given?: string): string {
  if (given) return given
  if (process.env.GATEWAY_DESK_USER_DATA) return process.env.GATEWAY_DESK_USER_DATA
  const name = 'Gateway Desk'
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Application Support', name)
  if (process.platform === 'win32')
    return join(process.env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), name)
  return join(process.env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), name)
}

/** Built, this module sits in out/main or a chunk folder below it, beside the workers' entries. */
const builtMain = import.meta.filename.endsWith('.js')
  ? [import.meta.dirname, dirname(import.meta.dirname)].find((folder) =>
      existsSync(join(folder, 'data-worker.js')),
    )
  : undefined
/** The app's folder: above out/main when built (app.asar when packaged), the checkout from source. */
const appFolder = builtMain ? dirname(dirname(builtMain)) : join(import.meta.dirname, '..', '..')

/** Built, the workers are main's neighbours; from source, the core finds its own. */
function builtLayout(): { workerEntry: (name: WorkerName) => string; resources: string } | null {
  if (!builtMain) return null
  return {
    workerEntry: (name) => join(builtMain, `${name}-worker.js`),
    resources: join(appFolder, 'resources'),
  }
}

export function appVersion(): string {
  try {
    return String(JSON.parse(readFileSync(join(appFolder, 'package.json'), 'utf8')).version)
  } catch {
    return '0.0.0'
  }
}

/**
 * The secrets of the profile from the environment: the keychain that sealed the app's copy answers only the app.
 * A key the person pipes in (`--api-key-stdin`) wins over the variable.
 */
function heldSecrets(stdinKey: string | undefined): CoreOptions['heldSecrets'] {
  const apiKey = stdinKey ?? process.env.GATEWAY_API_KEY
  const webhookSecret = process.env.GATEWAY_WEBHOOK_SECRET
  const ngrokAuthtoken = process.env.NGROK_AUTHTOKEN
  return {
    ...(apiKey ? { apiKey } : {}),
    ...(webhookSecret ? { webhookSecret } : {}),
    ...(ngrokAuthtoken ? { ngrokAuthtoken } : {}),
  }
}

/** A command's view of the data folder: its owner's core, through the folder's socket or in this process. */
export interface Session {
  profileId: string
  call<N extends RouteName>(route: N, input: RouteInput<N>): Promise<RouteOutput<N>>
  events: { subscribe(sink: EventSink): () => void }
  /** How often the folder changed owner under this command (the app took it over, or its owner quit). */
  ownerChanges(): number
  /** The core, while this command owns the folder; null while it is attached to another owner. */
  ownCore(): Core | null
  close(): Promise<void>
}

/** A call cut short because the folder changed owner under it: the command reads again from the new owner. */
export class OwnerChanged extends Error {
  constructor() {
    super('The data folder changed owner during this command; run it again.')
  }
}

/** One connection to the folder's core: attached to its owner, or the owner's core in this process. */
interface Link {
  profileId: string
  call(route: string, input: unknown): Promise<Envelope<unknown>>
  subscribe(sink: EventSink): () => void
  /** Settles when this link's owner lets the folder go (to the app), or is gone. */
  ended: Promise<'handing-over' | 'gone'>
  isEnded(): boolean
  core: Core | null
  close(): Promise<void>
}

type Hello = { profile: string | undefined; baseUrl: string | undefined; secrets: Record<string, string> }

/** The service of a CI job given by its address alone, unless the command names a profile. */
const environmentBaseUrl = (options: GlobalOptions) =>
  options.profile === undefined ? process.env.GATEWAY_BASE_URL || undefined : undefined

async function attached(userData: string, hello: Hello): Promise<Link | null> {
  const owner = await attachToOwner(userData, hello).catch((error: Error) => {
    throw usageError(error.message.replace(/^.*refused this command: /, ''))
  })
  if (!owner) return null
  return {
    profileId: owner.profileId,
    call: (route, input) => owner.call(route, input),
    subscribe: owner.events.subscribe,
    ended: owner.closed,
    isEnded: owner.isClosed,
    core: null,
    async close() {
      owner.close()
    },
  }
}

/** The folder's owner for as long as this command runs (and while commands attached to it still do). */
async function owning(
  claim: FolderClaim,
  userData: string,
  options: GlobalOptions & { apiKey?: string },
  extra: Pick<CoreOptions, 'receiver' | 'forwardTo'>,
): Promise<Link> {
  // The core is loaded only by a command that owns the folder: an attached one only speaks to the socket.
  const [{ createCore }, { createNodePlatform }] = await Promise.all([
    import('../main/core/compose.ts'),
    import('../main/core/node-platform.ts'),
  ])
  const layout = builtLayout()
  const platform = {
    ...createNodePlatform({
      userData,
      version: appVersion(),
      secretBackend: 'unavailable',
      downloads: join(homedir(), 'Downloads'),
      ...(layout ?? {}),
    }),
    ...(options.secretCipher ? { secretCipher: options.secretCipher } : {}),
  }
  let endedAs = (_how: 'handing-over' | 'gone') => {}
  const ended = new Promise<'handing-over' | 'gone'>((resolve) => {
    endedAs = resolve
  })
  let handingOver = false
  const timeScale = Number(process.env.GATEWAY_DESK_SANDBOX_TIME_SCALE)
  const core = await createCore(platform, {
    folder: claim,
    // The app asks for its folder: this command closes its core (its batch stops, resumable) and attaches there.
    handOver: () => {
      if (handingOver) return
      handingOver = true
      void core.close({ handingOver: true }).then(
        () => endedAs('handing-over'),
        (error: unknown) => {
          // A part that did not close is in the log. A history still open holds the folder until this ends.
          if (!core.history.database.db.isOpen) return endedAs('handing-over')
          warn(`This command could not close the history to hand the data folder over, so it ends: ${error}`)
          process.exit(1)
        },
      )
    },
    receiver: extra.receiver ?? 'off',
    ...(extra.forwardTo ? { forwardTo: extra.forwardTo } : {}),
    ...(options.profile ? { profile: options.profile } : {}),
    ...(environmentBaseUrl(options) ? { baseUrl: environmentBaseUrl(options) } : {}),
    heldSecrets: heldSecrets(options.apiKey),
    ...(timeScale > 0 ? { sandboxTimeScale: timeScale } : {}),
  }).catch(async (error: unknown) => {
    await claim.release()
    if (error instanceof AppError && error.code === 'not_found') throw usageError(error.message)
    throw error
  })
  const dispatch = core.dispatcher(() => ['app://gateway-desk'])
  return {
    profileId: core.profiles.activeId(),
    call: (route, input) =>
      dispatch(route as RouteName, input as never, { url: 'app://gateway-desk/', isTopFrame: true }),
    subscribe: core.events.subscribe,
    ended,
    isEnded: () => handingOver,
    core,
    async close() {
      if (!handingOver && core.attachedClients() > 0) {
        warn('Waiting for the commands attached to this data folder to end…')
        while (!handingOver && core.attachedClients() > 0)
          await new Promise((resolve) => setTimeout(resolve, 100))
      }
      if (handingOver) await ended
      else await core.close()
    },
  }
}

/**
 * A link to the folder's core: attached to its owner (the app, or a command in another shell) when there is one,
 * else as its owner, serving the folder's socket. `afterHandOver`: the app is taking the folder, so this waits
 * for it to own it rather than taking it back.
 */
async function linkTo(
  options: GlobalOptions & { apiKey?: string },
  extra: Pick<CoreOptions, 'receiver' | 'forwardTo'>,
  afterHandOver = false,
): Promise<Link> {
  const userData = dataFolder(options.dataDir)
  const hello = {
    profile: options.profile,
    baseUrl: environmentBaseUrl(options),
    secrets: heldSecrets(options.apiKey) as Record<string, string>,
  }
  const waitUntil = Date.now() + (afterHandOver ? 60_000 : 0)
  // An owner closing a long batch or a fetch may take seconds to let the folder go: the wait is said once.
  const sayWaitFrom = Date.now() + 3000
  let saidWait = false
  for (;;) {
    if (!saidWait && Date.now() > sayWaitFrom) {
      saidWait = true
      warn(
        afterHandOver
          ? 'Waiting for Gateway Desk to open the data folder…'
          : 'Waiting for the process that owns the data folder to let it go…',
      )
    }
    const link = await attached(userData, hello)
    if (link) return link
    if (Date.now() < waitUntil) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      continue
    }
    const claim = await claimFolder(userData)
    if (claim) return owning(claim, userData, options, extra)
    // Another process bound the socket a moment ago (attach to it), or its owner is letting it go (wait).
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** What a command needs of the folder's owner. */
export type SessionNeeds = Pick<CoreOptions, 'receiver' | 'forwardTo'> & {
  /**
   * The command reads, or acts only on what a folder holds (a batch to resume, a delivery to send again): on a
   * folder that does not exist it makes none, and works on an empty one it drops at its end.
   */
  makesNoFolder?: boolean
}

/**
 * Opens the folder as one of its front doors. When the folder changes owner under the command (the app opens
 * and takes it over, or the owner quits), the session links to the new owner (or becomes it) and goes on.
 */
export async function openSession(
  given: GlobalOptions & { apiKey?: string },
  { makesNoFolder, ...extra }: SessionNeeds = {},
): Promise<Session> {
  const folder = dataFolder(given.dataDir)
  // Nothing read from a folder that is not there can be worth keeping: the owner runs on a throwaway one.
  const throwaway =
    makesNoFolder && !existsSync(folder) ? mkdtempSync(join(tmpdir(), 'gateway-desk-read-')) : undefined
  if (throwaway) warn(`No data folder at ${folder}: nothing is kept from this command.`)
  const options = throwaway ? { ...given, dataDir: throwaway } : given
  const drop = () => throwaway && rmSync(throwaway, { recursive: true, force: true })
  // Also when the command ends abruptly (its output piped into `head`, which stops reading).
  if (throwaway) process.once('exit', drop)
  let link = await linkTo(options, extra).catch((error: unknown) => {
    drop()
    throw error
  })
  let current = Promise.resolve(link)
  let changes = 0
  let closing = false
  const sinks = new Set<EventSink>()
  const forward: EventSink = (event, payload) => {
    for (const sink of sinks) sink(event, payload)
  }
  const follow = (from: Link) => {
    const unsubscribe = from.subscribe(forward)
    void from.ended.then((how) => {
      unsubscribe()
      if (closing) return
      warn(
        how === 'handing-over'
          ? 'Gateway Desk opened and takes over the data folder; this command goes on attached to it.'
          : 'The process that owned the data folder quit; this command goes on.',
      )
      current = linkTo(options, extra, how === 'handing-over').then((next) => {
        link = next
        changes++
        follow(next)
        return next
      })
    })
  }
  follow(link)
  return {
    profileId: link.profileId,
    async call(route, input) {
      let via = await current
      // A call made while the owner lets the folder go waits for the next owner.
      while (via.isEnded()) {
        await via.ended
        via = await current
      }
      const envelope = await via.call(route, input)
      // Cut short by the owner leaving: whether it was done is for the caller to read again from the new owner.
      if (!envelope.ok && via.isEnded()) {
        await via.ended
        await current
        throw new OwnerChanged()
      }
      return unwrap(envelope as never)
    },
    events: {
      subscribe(sink) {
        sinks.add(sink)
        return () => sinks.delete(sink)
      },
    },
    ownerChanges: () => changes,
    ownCore: () => link.core,
    async close() {
      closing = true
      await (await current).close()
      drop()
    },
  }
}

/**
 * Before work that sends many requests (a batch, a watch): a live profile whose service does not answer or
 * refuses the key ends the command with 3, instead of a row per request failing the same way.
 */
export async function checkConnection(session: Session): Promise<void> {
  if (session.profileId === 'sandbox') return
  const test = await session.call('profiles.testConnection', { id: session.profileId })
  if (test.outcome !== 'ok') throw new CommandEnd(exitCodes.unreachable, test.message)
}

/** Runs `work` in a session and always closes it, whatever happens. */
export async function withSession<T>(
  options: GlobalOptions & { apiKey?: string },
  extra: SessionNeeds,
  work: (session: Session) => Promise<T>,
): Promise<T> {
  const session = await openSession(options, extra)
  try {
    return await work(session)
  } finally {
    await session.close()
  }
}
