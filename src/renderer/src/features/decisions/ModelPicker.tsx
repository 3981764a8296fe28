// Decision models only, with their price and what they read; the format and the endpoint variant.
import { useMemo } from 'react'
import type { DecisionModel } from '#shared/ipc/routes/decisions'
import { ErrorNote } from '../../components/ErrorNote.tsx'
import { type ModelChoice, ModelChooser } from '../../components/ModelChooser.tsx'
import { formatUsdPerMillion } from '../../format.ts'
import { useCurrentRequest, useDecisionField, useRunSettings } from './run-settings.ts'

const choiceOf = (m: DecisionModel): ModelChoice => ({
  id: m.id,
  label: m.name,
  detail: `${formatUsdPerMillion(m.promptPrice)}/1M input${m.readsImages ? ' · reads images' : ' · text and JSON'}`,
})

export function ModelPicker() {
  const settings = useRunSettings()
  const { models, model, imagesRefused } = useCurrentRequest()
  // What is typed is searched in the catalog by main (this field's own search).
  const field = useDecisionField(settings.modelId)
  const choices = useMemo(() => field.found.map(choiceOf), [field.found])
  return (
    <>
      <ModelChooser
        label="Model"
        choices={choices}
        {...field.search}
        value={model?.id ?? ''}
        onChange={(modelId) => {
          field.choosing(modelId)
          settings.set({ modelId })
        }}
        placeholder={
          models.data ? undefined : models.isError ? 'The models did not load' : 'Loading the models…'
        }
      />
      {models.isError ? <ErrorNote error={models.error} onRetry={() => models.refetch()} /> : null}
      {imagesRefused ? (
        <p className="field-error" role="alert">
          {model?.name} reads text and JSON only, so it cannot answer about images. Choose a model that reads
          images, or remove them.
        </p>
      ) : null}
      <div className="field-row">
        <label className="checkbox">
          <input
            type="checkbox"
            checked={settings.format === 'native'}
            onChange={(event) => settings.set({ format: event.target.checked ? 'native' : 'unified' })}
          />
          <span>
            Send in SystemOne’s own format
            <br />
            <code className="muted">/decision-native/v1/systemone</code>
          </span>
        </label>
        {settings.format === 'unified' ? (
          <label className="checkbox">
            <input
              type="checkbox"
              checked={settings.compat}
              onChange={(event) => settings.set({ compat: event.target.checked })}
            />
            <span>
              Send to the SDK-compatible address
              <br />
              <code className="muted">/compat-a/v1/decisions</code>
            </span>
          </label>
        ) : null}
      </div>
    </>
  )
}
