// This process as the data folder's owner: it serves the contract to the folder's other front doors on its
// socket (`owner-server.ts`), each client working with the profile it named and the secrets it brought.
import { appOrigin } from '#shared/csp'
import { SecretName } from '#shared/ipc/routes/profiles'
import type { EventBus } from '../events.ts'
import type { Dispatch } from '../ipc/dispatcher.ts'
import type { Log } from '../log.ts'
import { connectionScope } from '../profiles/connection-scope.ts'
import { type Profiles, secretKey } from '../profiles/profiles.ts'
import { type Attachment, type Hello, type OwnerSocket, serveFolder } from './owner-server.ts'

export function createFolderOwner(deps: {
  userData: string
  profiles: Pick<Profiles, 'named'>
  /** The profile a client works with when it names none: the app's choice. */
  activeProfile: () => string
  dispatcher: (trustedOrigins: () => readonly string[]) => Dispatch
  events: Pick<EventBus, 'subscribe'>
  log: Pick<Log, 'warn'>
}) {
  let socket: OwnerSocket | null = null
  let retry: ReturnType<typeof setInterval> | undefined
  let closing = false

  /** A front door attached to this owner: the profile it named, and the secrets it holds for itself. */
  const attach = (hello: Hello): Attachment => {
    const profileId = hello.profile !== undefined ? deps.profiles.named(hello.profile) : deps.activeProfile()
    const held = new Map<string, string>()
    for (const [name, value] of Object.entries(hello.secrets ?? {}))
      if (value && SecretName.safeParse(name).success)
        held.set(secretKey(profileId, name as SecretName), value)
      else if (value && name === 'ngrokAuthtoken') held.set('tunnel:ngrokAuthtoken', value)
    const scope = { profileId, secrets: held }
    const detach = connectionScope.attach(scope)
    return { profileId, run: (work) => connectionScope.run(scope, work), detach }
  }

  async function serve(): Promise<boolean> {
    if (socket) return true
    if (closing) return false
    const dispatch = deps.dispatcher(() => [appOrigin])
    socket = await serveFolder(deps.userData, {
      dispatch,
      events: deps.events,
      attach,
      stopBatch: (id) => dispatch('batches.cancel', { id }, { url: `${appOrigin}/`, isTopFrame: true }),
    })
    return socket !== null
  }

  return {
    serve,
    /** Serves the folder now, or, while a command in a shell owns it, as soon as that command ends. */
    serveWhenFree(): void {
      const attempt = () =>
        void serve().then(
          (owning) => {
            if (owning) clearInterval(retry)
          },
          (error: unknown) => deps.log.warn('the data folder could not be served to the command line', error),
        )
      retry = setInterval(attempt, 2000)
      attempt()
    },
    clients: () => socket?.clients() ?? 0,
    async close(): Promise<void> {
      closing = true
      clearInterval(retry)
      await socket?.close()
    },
  }
}
