// Everything that speaks to the service on one profile's behalf, built from the profile's id: its gateway (that
// profile's address and key), its catalog (kept and read in the data worker), and the decision caller priced
// from that catalog. A handler resolves
// the active profile once, when a request arrives, and passes the scope down; work that outlives the request (a
// batch, a video job) keeps the id it started with, so it never moves to another account when the person
// switches profiles.
import type { CatalogService, CatalogSource } from '../catalog/service.ts'
import type { DataCalls } from '../data/data-worker.ts'
import { createDecisionCaller } from '../decisions/decision-caller.ts'
import { createGateway } from '../gateway/gateway.ts'
import { createTransport } from '../gateway/transport.ts'
import { type Remote, remote, type WorkerClient } from '../workers/calls.ts'
import type { Profiles } from './profiles.ts'

/** One profile's catalog as main asks for it: the data worker's catalog service, each call with the profile's id
 * and its service's address first. */
export type ProfileCatalog = Remote<CatalogService, [CatalogSource]>

export function createProfileScopes(deps: { profiles: Profiles; data: WorkerClient<DataCalls> }) {
  const scopes = new Map<string, ReturnType<typeof build>>()

  function build(profileId: string) {
    const gateway = createGateway(
      createTransport({ connection: () => deps.profiles.connection(profileId, { strict: true }) }),
    )
    const catalog: ProfileCatalog = remote(
      deps.data,
      'catalog',
      async (): Promise<[CatalogSource]> => [
        { profileId, baseUrl: (await deps.profiles.connection(profileId, { strict: true })).baseUrl },
      ],
    )
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
  }
}

export type ProfileScope = {
  readonly profileId: string
  readonly gateway: ReturnType<typeof createGateway>
  readonly catalog: ProfileCatalog
  readonly caller: ReturnType<typeof createDecisionCaller>
}
export type ProfileScopes = ReturnType<typeof createProfileScopes>
