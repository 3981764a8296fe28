// A client of the folder's owner (the command line attached to the app) works with the profile it named and
// the secrets it brought, for its own calls only: the app's choice and its stored secrets stay as they are. The
// scope follows each call through everything it awaits.
import { AsyncLocalStorage } from 'node:async_hooks'

export interface ConnectionScope {
  profileId: string
  /** Secrets by their store name (`<profile>:apiKey`), held in memory for this client only. */
  secrets: ReadonlyMap<string, string>
}

const scope = new AsyncLocalStorage<ConnectionScope>()
const attached = new Set<ConnectionScope>()

export const connectionScope = {
  /** The scope of the call under way, when a client made it. */
  current: (): ConnectionScope | undefined => scope.getStore(),
  run: <T>(within: ConnectionScope, work: () => T): T => scope.run(within, work),
  /** Keeps a client's secrets known (so every text is cleaned of them) while it is attached. */
  attach(within: ConnectionScope): () => void {
    attached.add(within)
    return () => attached.delete(within)
  },
  /** Every secret an attached client holds. */
  secrets: (): string[] => [...attached].flatMap((one) => [...one.secrets.values()]),
}
