// This process as the data folder's owner: it serves the contract to the folder's other front doors on its
// socket (`owner-server.ts`), each client working with the profile it named and the secrets it brought.
import { setTimeout as sleep } from 'node:timers/promises'
import { appOrigin } from '#shared/csp'
import { SecretName } from '#shared/ipc/routes/profiles'
import type { EventBus } from '../events.ts'
import type { Dispatch } from '../ipc/dispatcher.ts'
import type { Log } from '../log.ts'
import { connectionScope } from '../profiles/connection-scope.ts'
import { type Profiles, secretKey } from '../profiles/profiles.ts'
import { attachToOwner } from './owner-client.ts'
import { type Attachment, claimFolder, type FolderClaim, type Hello } from './owner-server.ts'

/** How long the app waits for a command that owns the folder to let it go before saying it cannot start. */
const handOverWaitMs = 60_000

/**
 * The app's claim on its data folder. A command in a shell that owns it is asked to let it go: it closes its
 * core and attaches to the app, and its batch goes on here. One core per folder, always.
 */
export async function takeFolder(userData: string, log: Pick<Log, 'info'>): Promise<FolderClaim> {
  let until = Date.now() + handOverWaitMs
  for (;;) {
    const claim = await claimFolder(userData)
    if (claim) return claim
    // Each owner met is asked: a command that took the folder while another let it go is asked in turn.
    const owner = await attachToOwner(userData, {}).catch(() => null)
    if (owner) {
      const answer = await owner.askToHandOver()
      if (answer === 'kept') throw new Error('Another Gateway Desk already owns this data folder.')
      if (answer === 'given') {
        log.info('a command in a shell owned the data folder; it hands it over to the app')
        // From now on the wait is for its core to close, however long its close took to begin.
        until = Date.now() + handOverWaitMs
      }
      owner.close()
      await owner.closed
      continue
    }
    if (Date.now() > until)
      throw new Error(
        `A command in a shell holds the data folder ${userData} and did not let it go; end it and start again.`,
      )
    await sleep(100)
  }
}

export function createFolderOwner(deps: {
  claim: FolderClaim
  profiles: Pick<Profiles, 'named' | 'at'>
  /** The profile a client works with when it names none: the app's choice. */
  activeProfile: () => string
  dispatcher: (trustedOrigins: () => readonly string[]) => Dispatch
  events: Pick<EventBus, 'subscribe'>
  /** Lets the folder go to the app that asked for it (the command line's owner); absent, the folder is kept. */
  handOver?: () => void
}) {
  /** A front door attached to this owner: the profile it named, and the secrets it holds for itself. */
  const attach = (hello: Hello): Attachment => {
    const profileId =
      hello.baseUrl !== undefined
        ? deps.profiles.at(hello.baseUrl)
        : hello.profile !== undefined
          ? deps.profiles.named(hello.profile)
          : deps.activeProfile()
    const held = new Map<string, string>()
    for (const [name, value] of Object.entries(hello.secrets ?? {}))
      if (value && SecretName.safeParse(name).success)
        held.set(secretKey(profileId, name as SecretName), value)
      else if (value && name === 'ngrokAuthtoken') held.set('tunnel:ngrokAuthtoken', value)
    const scope = { profileId, secrets: held }
    const detach = connectionScope.attach(scope)
    return { profileId, run: (work) => connectionScope.run(scope, work), detach }
  }
  const dispatch = deps.dispatcher(() => [appOrigin])
  deps.claim.serve({
    dispatch,
    events: deps.events,
    attach,
    stopBatch: (id) => dispatch('batches.cancel', { id }, { url: `${appOrigin}/`, isTopFrame: true }),
    ...(deps.handOver ? { handOver: deps.handOver } : {}),
  })
  return { clients: deps.claim.clients }
}
