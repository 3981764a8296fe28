// The settings of a messages conversation: model, system prompt, max_tokens, sampling, tools (validated JSON)
// and tool_choice, and streaming.
import { type CatalogSearch, type ModelChoice, ModelChooser } from '../../components/ModelChooser.tsx'
import { type MessagesSettings, parseMaxTokens, parseSampling, parseTools } from './conversation.ts'
import { NumberSetting } from './NumberSetting.tsx'

const toolExample = `[
  {
    "name": "get_weather",
    "description": "Current weather in a city",
    "input_schema": { "type": "object", "properties": { "city": { "type": "string" } } }
  }
]`

export function MessagesSettingsPanel(props: {
  settings: MessagesSettings
  choices: ModelChoice[]
  /** The model field's search of the catalog. */
  search: CatalogSearch
  onChange: (change: Partial<MessagesSettings>) => void
}) {
  const { settings, onChange, choices, search } = props
  const tools = parseTools(settings.toolsJson)
  const maxTokens = parseMaxTokens(settings.maxTokens)
  const sampling = (
    label: string,
    key: 'temperature' | 'topP' | 'topK',
    max: number | null,
    integer = false,
  ) => (
    <NumberSetting
      label={label}
      value={settings[key]}
      problem={parseSampling(settings[key], max, integer)}
      onChange={(value) => onChange({ [key]: value })}
    />
  )
  return (
    <section className="playground-settings" aria-label="Messages settings">
      <ModelChooser
        label="Model"
        choices={choices}
        {...search}
        value={settings.model}
        onChange={(model) => onChange({ model })}
      />
      <label className="field">
        <span className="field__label">System prompt</span>
        <textarea
          rows={3}
          value={settings.system}
          onChange={(event) => onChange({ system: event.target.value })}
        />
      </label>
      <div className="playground-settings__row">
        <label className="field">
          <span className="field__label">max_tokens</span>
          <input
            inputMode="numeric"
            value={settings.maxTokens}
            aria-invalid={typeof maxTokens === 'string' ? true : undefined}
            onChange={(event) => onChange({ maxTokens: event.target.value })}
          />
          {typeof maxTokens === 'string' ? <span className="field-error">{maxTokens}</span> : null}
        </label>
        {sampling('temperature', 'temperature', 1)}
        {sampling('top_p', 'topP', 1)}
        {sampling('top_k', 'topK', null, true)}
      </div>
      <label className="field">
        <span className="field__label">Tools (JSON)</span>
        {/* An empty field looks empty: the example is one click away rather than a placeholder that reads as set. */}
        <textarea
          rows={5}
          className="code-input"
          placeholder="None. A JSON array of tools, each with a name, a description and an input_schema."
          value={settings.toolsJson}
          aria-invalid={tools.ok ? undefined : true}
          onChange={(event) => onChange({ toolsJson: event.target.value })}
        />
        {tools.ok ? (
          tools.tools.length ? (
            <span className="muted">{tools.tools.map((tool) => tool.name).join(', ')}</span>
          ) : null
        ) : (
          <span className="field-error">{tools.message}</span>
        )}
      </label>
      {settings.toolsJson.trim() === '' ? (
        <button
          type="button"
          className="button button--small button--quiet"
          onClick={() => onChange({ toolsJson: toolExample })}
        >
          Insert an example tool
        </button>
      ) : null}
      {tools.ok && tools.tools.length ? (
        <div className="playground-settings__row">
          <label className="field">
            <span className="field__label">tool_choice</span>
            <select
              value={settings.toolChoice}
              onChange={(event) =>
                onChange({ toolChoice: event.target.value as MessagesSettings['toolChoice'] })
              }
            >
              <option value="auto">auto</option>
              <option value="any">any</option>
              <option value="none">none</option>
              <option value="tool">a named tool</option>
            </select>
          </label>
          {settings.toolChoice === 'tool' ? (
            <label className="field">
              <span className="field__label">Tool</span>
              <select
                value={settings.toolName}
                onChange={(event) => onChange({ toolName: event.target.value })}
              >
                <option value="">Choose…</option>
                {tools.tools.map((tool) => (
                  <option key={tool.name} value={tool.name}>
                    {tool.name}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
        </div>
      ) : null}
      <label className="checkbox">
        <input
          type="checkbox"
          checked={settings.stream}
          onChange={(event) => onChange({ stream: event.target.checked })}
        />
        Stream the answer
      </label>
    </section>
  )
}
