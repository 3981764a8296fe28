import { create } from 'zustand'
import { decisionPaths } from '#shared/domain/decisions'
import { type DecisionFormat, decisionCall } from '#shared/domain/questionnaire'
import type { DecisionCall, DecisionModel } from '#shared/ipc/routes/decisions'
import { invoke } from '../../ipc.ts'
import { useProfileQuery } from '../../profiles.ts'
import { profileKeys } from '../../query.ts'
import { useAddressNames } from '../../router.ts'
import { hasImages, parseInput, useRunInput } from './run-input.ts'
import { useQuestionnaire } from './store.ts'

interface RunSettings {
  modelId: string
  format: DecisionFormat
  compat: boolean
  set(change: Partial<Pick<RunSettings, 'modelId' | 'format' | 'compat'>>): void
}

export const useRunSettings = create<RunSettings>((set) => ({
  modelId: '',
  format: 'unified',
  compat: false,
  set: (change) => set(change),
}))

export const pathOf = (call: DecisionCall) => decisionPaths[call.endpoint]

/**
 * The decision models that match `text` (a field's worth) and the `chosen` one, which main looks up in the kept
 * catalog: not read before the address names this screen.
 */
export const useDecisionModels = (text: string, chosen: string) =>
  useProfileQuery(
    (profileId) => [...profileKeys.decisionModels(profileId), text, chosen],
    () => invoke('decisions.models', { text, chosen }),
    useAddressNames('/decisions'),
  )

/** The request the current questionnaire, input and settings make, or why there is none yet. */
export function useCurrentRequest() {
  const questionnaire = useQuestionnaire((state) => state.questionnaire)
  const { mode, text, messages } = useRunInput()
  const settings = useRunSettings()
  const models = useDecisionModels('', settings.modelId)
  // The chosen model, or the first decision model when none is chosen (or the catalog no longer lists it).
  const model: DecisionModel | undefined = models.data?.chosen ?? models.data?.models[0]
  const parsed = parseInput(mode, text, messages)
  const call = model && parsed.ok ? decisionCall(questionnaire, parsed.input, model, settings) : null
  const imagesRefused = hasImages(mode, messages) && model !== undefined && !model.readsImages
  return { questionnaire, models, model, parsed, call, imagesRefused }
}

export { decisionCall }
