// A number setting as typed (empty means "not sent"), with its problem at the field.
export function NumberSetting(props: {
  label: string
  value: string
  problem: unknown
  placeholder?: string
  onChange: (value: string) => void
}) {
  const problem = typeof props.problem === 'string' ? props.problem : null
  return (
    <label className="field">
      <span className="field__label">{props.label}</span>
      <input
        inputMode="decimal"
        placeholder={props.placeholder ?? 'default'}
        value={props.value}
        aria-invalid={problem ? true : undefined}
        onChange={(event) => props.onChange(event.target.value)}
      />
      {problem ? <span className="field-error">{problem}</span> : null}
    </label>
  )
}
