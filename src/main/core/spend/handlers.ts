// The spend routes, mapped to the spend service.
import type { HandlersFor } from '#shared/ipc/contract'
import type { spendRoutes } from '#shared/ipc/routes/spend'
import type { ProfileScopes } from '../profiles/profile-scope.ts'
import type { SpendService } from './service.ts'

export function spendHandlers(deps: {
  scopes: Pick<ProfileScopes, 'active'>
  spend: SpendService
}): HandlersFor<typeof spendRoutes> {
  const { scopes, spend } = deps
  return {
    'spend.summary': (range) => spend.summary(range, scopes.active()),
    'spend.today': () => spend.today(scopes.active()),
    'spend.export': (range) => spend.export(range, scopes.active()),
    'spend.budgets': () => spend.budgets(),
    'spend.setBudget': (input) => spend.setBudget(input),
  }
}
