// Decision models only, with their price and what they read; the format and the endpoint variant.
import { formatAmount, multiply, parseAmount } from '#shared/domain/money'
import { formatUsd } from '../../format.ts'
import { useCurrentRequest, useRunSettings } from './run-settings.ts'

export function ModelPicker() {
  const settings = useRunSettings()
  const { models, model, imagesRefused } = useCurrentRequest()
  return (
    <>
      <label className="field">
        <span className="field__label">Model</span>
        <select value={model?.id ?? ''} onChange={(event) => settings.set({ modelId: event.target.value })}>
          {models.data?.map((m) => (
            <option key={m.id} value={m.id}>
              {m.name} · {formatUsd(formatAmount(multiply(parseAmount(m.promptPrice), 1_000_000)))}/1M input
              {m.readsImages ? ' · reads images' : ' · text and JSON'}
            </option>
          ))}
        </select>
      </label>
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
          Native format (/decision-native/v1/systemone)
        </label>
        {settings.format === 'unified' ? (
          <label className="checkbox">
            <input
              type="checkbox"
              checked={settings.compat}
              onChange={(event) => settings.set({ compat: event.target.checked })}
            />
            Use /compat-a/v1/decisions
          </label>
        ) : null}
      </div>
    </>
  )
}
