// The model catalog of the active profile: fetched in the unified style, kept in the history with its time,
// and served from there when the service cannot be reached.
import type { UnifiedModel } from '#shared/api/models'
import { AppError } from '#shared/ipc/app-error'
import type { CatalogSnapshot } from '#shared/ipc/routes/catalog'
import type { Gateway } from '../gateway/gateway.ts'
import type { History } from '../history/history.ts'

const freshForMs = 5 * 60_000

export function createCatalogService(deps: {
  history: History
  gateway: Gateway
  profileId: () => string
  now?: () => number
}) {
  const now = deps.now ?? Date.now
  const memory = new Map<string, CatalogSnapshot>()

  return {
    async models(refresh: boolean): Promise<CatalogSnapshot> {
      const profileId = deps.profileId()
      const cached = memory.get(profileId)
      if (cached && !refresh && now() - cached.fetchedAt < freshForMs) return cached
      try {
        const { data } = await deps.gateway.listings.unified.all({ timeoutMs: 15_000 })
        const snapshot: CatalogSnapshot = { models: data.data, fetchedAt: now(), fresh: true }
        deps.history.transaction(() =>
          deps.history.catalogSnapshots.save({
            profileId,
            fetchedAt: snapshot.fetchedAt,
            modelsJson: JSON.stringify(data.data),
          }),
        )
        memory.set(profileId, snapshot)
        return snapshot
      } catch (error) {
        const [last] = deps.history.catalogSnapshots.latest(profileId, 1)
        if (!last || !(error instanceof AppError)) throw error
        return {
          models: JSON.parse(last.modelsJson) as UnifiedModel[],
          fetchedAt: last.fetchedAt,
          fresh: false,
        }
      }
    },
  }
}

export type CatalogService = ReturnType<typeof createCatalogService>
