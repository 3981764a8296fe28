// Everything that speaks to the service on one profile's behalf, built from the profile's id: its gateway (that
// profile's address and key), its catalog, and the decision caller priced from that catalog. A handler resolves
// the active profile once, when a request arrives, and passes the scope down; work that outlives the request (a
// batch, a video job) keeps the id it started with, so it never moves to another account when the person
// switches profiles.
import { createCatalogService } from '../catalog/service.ts'
import { createDecisionCaller } from '../decisions/decision-caller.ts'
import { createGateway } from '../gateway/gateway.ts'
import { createTransport } from '../gateway/transport.ts'
import type { History } from '../history/history.ts'
import type { Profiles } from './profiles.ts'

export function createProfileScopes(deps: {
  history: History
  profiles: Profiles
  /** A profile's catalog changed in the background. */
  onCatalogChanged?: () => void
}) {
  const scopes = new Map<string, ReturnType<typeof build>>()

  function build(profileId: string) {
    const gateway = createGateway(
      createTransport({ connection: () => deps.profiles.connection(profileId, { strict: true }) }),
    )
    const catalog = createCatalogService({
      history: deps.history,
      gateway,
      profileId,
      ...(deps.onCatalogChanged ? { onChanged: deps.onCatalogChanged } : {}),
    })
    const caller = createDecisionCaller({ gateway, catalog })
    return { profileId, gateway, catalog, caller }
  }

  const scopeFor = (profileId: string): ProfileScope => {
    let scope = scopes.get(profileId)
    if (!scope) {
      scope = build(profileId)
      scopes.set(profileId, scope)
    }
    return scope
  }

  return {
    scopeFor,
    /** The scope of the profile active now: called once per request, by the handler that receives it. */
    active: () => scopeFor(deps.profiles.activeId()),
    /** Writes at once what each profile's catalog has left to keep on disk: before the history closes. */
    finishSaving(): void {
      for (const scope of scopes.values()) scope.catalog.finishSaving()
    },
  }
}

export type ProfileScope = {
  readonly profileId: string
  readonly gateway: ReturnType<typeof createGateway>
  readonly catalog: ReturnType<typeof createCatalogService>
  readonly caller: ReturnType<typeof createDecisionCaller>
}
export type ProfileScopes = ReturnType<typeof createProfileScopes>
