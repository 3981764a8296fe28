import { create } from 'zustand'
import { decisionPaths } from '#shared/domain/decisions'
import { type DecisionFormat, decisionCall } from '#shared/domain/questionnaire'
import type { DecisionCall } from '#shared/ipc/routes/decisions'
import { invoke, profileKeys } from '../../ipc.ts'
import { useModelField } from '../../model-field.ts'
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
 * The model field's decision models and the chosen one, which main reads from the kept catalog: not read
 * before the address names this screen.
 */
export const useDecisionField = (chosen: string) =>
  useModelField({
    key: (profileId, text, id) => [...profileKeys.decisionModels(profileId), text, id],
    read: (query, signal) => invoke('decisions.models', query, { signal }),
    chosen,
    wanted: useAddressNames('/decisions'),
  })

/** The request the current questionnaire, input and settings make, or why there is none yet. */
export function useCurrentRequest() {
  const questionnaire = useQuestionnaire((state) => state.questionnaire)
  const { mode, text, messages } = useRunInput()
  const settings = useRunSettings()
  const field = useDecisionField(settings.modelId)
  const { first: models, model } = field
  const parsed = parseInput(mode, text, messages)
  const call = model && parsed.ok ? decisionCall(questionnaire, parsed.input, model, settings) : null
  const imagesRefused = hasImages(mode, messages) && model !== undefined && !model.readsImages
  return { questionnaire, models, model, parsed, call, imagesRefused }
}

export { decisionCall }
