// The pieces every code snippet is made of: a JSON value written as a TypeScript or Python literal, and where
// the key comes from.

export interface Snippet {
  language: 'TypeScript' | 'Python'
  /** What it is written with: an SDK's package, `fetch` or `requests`. */
  library: string
  code: string
}

export const keyVariable = 'GATEWAY_API_KEY'

/** A JSON value as a JavaScript literal, indented to sit `depth` levels deep. */
export const tsLiteral = (value: unknown, depth = 0): string =>
  JSON.stringify(value, null, 2).replaceAll('\n', `\n${'  '.repeat(depth)}`)

/** A JSON value as a Python literal (True, False, None), indented to sit `depth` levels deep. */
export function pyLiteral(value: unknown, depth = 0): string {
  const pad = '    '.repeat(depth + 1)
  const end = '    '.repeat(depth)
  if (value === null || value === undefined) return 'None'
  if (value === true) return 'True'
  if (value === false) return 'False'
  if (typeof value === 'number' || typeof value === 'string') return JSON.stringify(value)
  if (Array.isArray(value))
    return value.length === 0
      ? '[]'
      : `[\n${value.map((item) => `${pad}${pyLiteral(item, depth + 1)},`).join('\n')}\n${end}]`
  const entries = Object.entries(value as Record<string, unknown>)
  return entries.length === 0
    ? '{}'
    : `{\n${entries.map(([key, item]) => `${pad}${JSON.stringify(key)}: ${pyLiteral(item, depth + 1)},`).join('\n')}\n${end}}`
}
