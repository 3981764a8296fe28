// The decision and questionnaire routes, each mapped to the decision service under the profile active when
// the request arrives.
import type { HandlersFor } from '#shared/ipc/contract'
import type { decisionRoutes } from '#shared/ipc/routes/decisions'
import type { ProfileScopes } from '../profiles/profile-scope.ts'
import type { DecisionService } from './service.ts'

export function decisionHandlers(deps: {
  scopes: Pick<ProfileScopes, 'active'>
  decisions: DecisionService
}): HandlersFor<typeof decisionRoutes> {
  const { scopes, decisions } = deps
  return {
    'decisions.models': (query, { signal }) => decisions.models(scopes.active(), query, signal),
    'decisions.run': (input) => decisions.run(scopes.active(), input),
    'decisions.runs': ({ limit }) => decisions.runs(limit),
    'decisions.runGet': ({ id }) => decisions.runGet(id),
    'decisions.runDelete': ({ id }) => decisions.runDelete(id),
    'questionnaires.save': (questionnaire) => decisions.saveQuestionnaire(questionnaire),
    'questionnaires.list': () => decisions.questionnaires(),
    'questionnaires.get': ({ id, version }) => decisions.questionnaire(id, version),
    'questionnaires.delete': ({ id }) => decisions.deleteQuestionnaire(id),
    'questionnaires.takeOpened': () => decisions.takeOpened(),
  }
}
