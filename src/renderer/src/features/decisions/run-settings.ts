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

/** The chosen model, or the first decision model when none is chosen yet. */
export function chosenModel(models: readonly DecisionModel[] | undefined, modelId: string) {
  return models?.find((m) => m.id === modelId) ?? models?.[0]
}

/** The decision models, which main picks out of the whole catalog: not read before the address names this screen. */
export const useDecisionModels = () =>
  useProfileQuery(
    profileKeys.decisionModels,
    () => invoke('decisions.models', {}),
    useAddressNames('/decisions'),
  )

/** The request the current questionnaire, input and settings make, or why there is none yet. */
export function useCurrentRequest() {
  const questionnaire = useQuestionnaire((state) => state.questionnaire)
  const { mode, text, messages } = useRunInput()
  const settings = useRunSettings()
  const models = useDecisionModels()
  const model = chosenModel(models.data, settings.modelId)
  const parsed = parseInput(mode, text, messages)
  const call = model && parsed.ok ? decisionCall(questionnaire, parsed.input, model, settings) : null
  const imagesRefused = hasImages(mode, messages) && model !== undefined && !model.readsImages
  return { questionnaire, models, model, parsed, call, imagesRefused }
}

export { decisionCall }
