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
  /** A hold for one stream's events (`createStreamHold`). */
  streamHold(): StreamHold
}

/**
 * `text` with the escapes a secret could hide behind resolved: JSON's `\uXXXX` and `\/` (behind any number of
 * backslashes, so a key escaped twice is found too) and URL %-escapes, each only for the characters a key is made
 * of (letters, digits, `-._~`). `"\u0073k-…"` and `%73k-…` are `sk-…`; a `\u0022` stays as it is. Used only to
 * look for secrets: the text is shown in this spelling only where it held one.
 */
export function plainSpelling(text: string): string {
  if (!text.includes('\\') && !text.includes('%')) return text
  const keyCharacter = (hex: string) => {
    const character = String.fromCharCode(Number.parseInt(hex, 16))
    return /[A-Za-z0-9\-._~]/.test(character) ? character : null
  }
  return text
    .replace(/\\+(?:u([0-9a-fA-F]{4})|\/)/g, (match, hex?: string) =>
      hex === undefined ? '/' : (keyCharacter(hex) ?? match),
    )
    .replace(/%([0-9a-fA-F]{2})/g, (match, hex: string) => keyCharacter(hex) ?? match)
}

export function redact(text: string, secrets: readonly string[], shapes = true): string {
  // Resolving escapes only shortens a text, so one shorter than every secret holds none in any spelling.
  if (!shapes && text.length < shortest) return text
  const once = redactSpelled(text, secrets, shapes)
  const plain = plainSpelling(once)
  if (plain === once) return once
  // Shown in its plain spelling only where that spelling held something to take out.
  const again = redactSpelled(plain, secrets, shapes)
  return again === plain ? once : again
}

function redactSpelled(text: string, secrets: readonly string[], shapes: boolean): string {
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
    streamHold: () => createStreamHold(secrets),
  }
}

/** The string fields of streamed events that carry text a model writes, a piece per event. */
const streamedText = new Set([
  'text',
  'thinking',
  'partial_json',
  'content',
  'reasoning_content',
  'arguments',
])
/** Ends with what may be the start of a credential's shape (`sk-`, `whsec_`, `Bearer `) still being written. */
const shapeStart = /(?:\b(?:sk-|whsec[-_])[A-Za-z0-9_-]*|\bBearer\s*|\bBeare?r?|\bsk?|\bwhse?c?)$/i

/**
 * A stream's text held back where a secret may be split across events: the end of each piece that could be the
 * start of a held secret (or of a credential's shape) waits, and is put before the next piece of the same text,
 * so the event redaction sees the secret whole. A text is its field within its block (an event's `index`) and
 * kind (a thought apart from the answer); what a block still holds is given back as its block ends, and `rest`
 * gives back the rest at the end of the stream. `next` returns the events to send in place of the one given.
 */
export function createStreamHold(secrets: () => readonly string[]) {
  /** By text: what waits, the path of its field, its block and the event it came in. */
  const held = new Map<string, { tail: string; path: string; block: unknown; event: unknown }>()

  function heldTail(text: string): number {
    let keep = shapeStart.exec(text)?.[0].length ?? 0
    for (const secret of secrets()) {
      if (secret.length < shortest) continue
      for (let length = Math.min(secret.length - 1, text.length); length > keep; length--)
        if (text.endsWith(secret.slice(0, length))) {
          keep = length
          break
        }
    }
    return keep
  }

  type At = (piece: string, path: string, parent: Record<string, unknown>) => string
  /** `value` with `at` applied to each string of a text field, the rest copied as it is. */
  function walk(value: unknown, path: string, parent: Record<string, unknown> | null, at: At): unknown {
    if (typeof value === 'string') return parent ? at(value, path, parent) : value
    if (Array.isArray(value)) return value.map((item, index) => walk(item, `${path}.${index}`, null, at))
    if (value === null || typeof value !== 'object') return value
    const object = value as Record<string, unknown>
    const copy: Record<string, unknown> = {}
    for (const key in object)
      copy[key] = walk(object[key], `${path}.${key}`, streamedText.has(key) ? object : null, at)
    return copy
  }

  const blockOf = (event: unknown) => (event as { index?: unknown } | null)?.index ?? ''
  /** Events giving back what `texts` hold, each made from the event that held it. */
  function giveBack(texts: string[]): unknown[] {
    return texts.map((name) => {
      const { tail, path, event } = held.get(name)!
      held.delete(name)
      return walk(event, '', null, (_text, at) => (at === path ? tail : ''))
    })
  }

  return {
    next(data: unknown): unknown[] {
      const block = blockOf(data)
      const sent = walk(data, '', null, (piece, path, parent) => {
        const name = `${String(block)}|${path}|${parent.thought === true ? 'thought' : ''}`
        const text = (held.get(name)?.tail ?? '') + piece
        const keep = heldTail(text)
        if (keep > 0) held.set(name, { tail: text.slice(text.length - keep), path, block, event: data })
        else held.delete(name)
        return text.slice(0, text.length - keep)
      })
      // A block that ends gives back what it held, before its end.
      const ended = (data as { type?: unknown } | null)?.type === 'content_block_stop'
      const back = ended
        ? giveBack([...held].filter(([, one]) => one.block === block).map(([name]) => name))
        : []
      return [...back, sent]
    },
    rest(): unknown[] {
      return giveBack([...held.keys()])
    },
  }
}

export type StreamHold = ReturnType<typeof createStreamHold>

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
      // Numbers, booleans and nulls, the most of a large answer, are passed without a call each.
      if (typeof item !== 'string' && (item === null || typeof item !== 'object')) continue
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
