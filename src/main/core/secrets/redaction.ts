// Secrets taken out of text before it leaves main's keeping: the log, and everything that crosses the bridge to
// the window. Each secret the app holds is replaced wherever it appears; errors, wire records and stream events
// also lose anything shaped like a credential, since a service may quote a key the app does not hold (another
// profile's, or one typed into a prompt).

const keyShapes = [
  /\b(Bearer\s+)[^\s"'\\]+/gi,
  /\b(sk-|whsec-|whsec_)[A-Za-z0-9_-]{6,}/g,
  /("?(?:x-api-key|x-native-api-key|authorization)"?\s*[:=]\s*"?)[^"\s,}\\]+/gi,
]
/** Secrets shorter than this are not searched for: they would match ordinary words. */
const shortest = 6
export const redacted = '[redacted]'

export interface Redaction {
  /** Known secrets only. */
  secrets(text: string): string
  /** Known secrets and anything shaped like a credential. */
  all(text: string): string
  /** `value` with the known secrets (with `shapes`, also anything shaped like a credential) out of every string. */
  value<T>(value: T, shapes: boolean): T
}

export function redact(text: string, secrets: readonly string[], shapes = true): string {
  let clean = text
  for (const secret of secrets)
    if (secret.length >= shortest && clean.includes(secret)) clean = clean.split(secret).join(redacted)
  if (shapes)
    for (const shape of keyShapes)
      clean = clean.replace(shape, (_match, prefix: string) => `${prefix}${redacted}`)
  return clean
}

export function createRedaction(secrets: () => readonly string[]): Redaction {
  return {
    secrets: (text) => redact(text, secrets(), false),
    all: (text) => redact(text, secrets(), true),
    value(value, shapes) {
      const known = secrets()
      return redactValue(value, (text) => redact(text, known, shapes))
    },
  }
}

/**
 * `value` with `clean` applied to every string in it (keys of objects too), copying only the objects and
 * arrays that change. Bytes and other non-plain values pass as they are.
 */
export function redactValue<T>(value: T, clean: (text: string) => string): T {
  if (typeof value === 'string') return clean(value) as T
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null
    for (let index = 0; index < value.length; index++) {
      const item = value[index]
      const next = redactValue(item, clean)
      if (next !== item) {
        copy ??= value.slice()
        copy[index] = next
      }
    }
    return (copy ?? value) as T
  }
  if (value === null || typeof value !== 'object') return value
  const prototype = Object.getPrototypeOf(value)
  if (prototype !== Object.prototype && prototype !== null) return value
  let copy: Record<string, unknown> | null = null
  // A plain object's own keys: `for…in` walks them without making an array of entries for each object.
  for (const key in value) {
    const item = (value as Record<string, unknown>)[key]
    const name = clean(key)
    const next = redactValue(item, clean)
    if (next !== item || name !== key) {
      copy ??= { ...(value as Record<string, unknown>) }
      if (name !== key) delete copy[key]
      copy[name] = next
    }
  }
  return (copy ?? value) as T
}
