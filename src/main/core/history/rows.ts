// The storage boundary: every row read from the history, and every JSON value stored in one, passes its schema
// here. A row that does not is reported as damaged, with the table and the field, and never used as if it were
// whole.
import type { SQLInputValue } from 'node:sqlite'
import { z } from 'zod'
import { AppError } from '#shared/ipc/app-error'
import type { DamagedRows } from './damaged-rows.ts'

export const historyDamaged = 'history_damaged'

const damaged = (what: string, error: z.ZodError) => {
  const issue = error.issues[0]
  const where = issue?.path.length ? ` (${issue.path.join('.')}: ${issue.message})` : ''
  return new AppError({
    code: historyDamaged,
    message: `Part of the history is damaged: a stored ${what} could not be read${where}. It was left as it is.`,
  })
}

/** Reads rows of one table through their schema. */
export function rowsOf<S extends z.ZodType>(what: string, schema: S) {
  const one = (value: unknown): z.infer<S> => {
    const parsed = schema.safeParse(value)
    if (!parsed.success) throw damaged(what, parsed.error)
    return parsed.data
  }
  return {
    one,
    maybe: (value: unknown): z.infer<S> | undefined => (value === undefined ? undefined : one(value)),
    /** One row a person opened: a damaged one is reported as a list's would be, then refused. */
    opened: (value: unknown, damaged: DamagedRows): z.infer<S> | undefined => {
      if (value === undefined) return undefined
      const [row] = damaged.each(what, [value], (found) => (found as { id?: unknown } | null)?.id, one)
      return row ?? one(value)
    },
    all: (values: readonly unknown[]): z.infer<S>[] => values.map(one),
    /** A list a person reads: every row that parses, the others reported as damaged and left out. */
    listed: (values: readonly unknown[], damaged: DamagedRows): z.infer<S>[] =>
      damaged.each(what, values, (value) => (value as { id?: unknown } | null)?.id, one),
  }
}

/** A JSON value stored in the history, read back through its schema. */
export function storedJson<S extends z.ZodType>(what: string, schema: S, text: string): z.infer<S> {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw new AppError({
      code: historyDamaged,
      message: `Part of the history is damaged: a stored ${what} is not readable JSON. It was left as it is.`,
    })
  }
  const parsed = schema.safeParse(value)
  if (!parsed.success) throw damaged(what, parsed.error)
  return parsed.data
}

/** A row as named parameters for a statement. */
export const named = (row: object) => ({ ...row }) as Record<string, SQLInputValue>

export const text = z.string()
export const maybeText = z.string().nullable()
export const integer = z.number().int()
export const maybeInteger = z.number().int().nullable()

const columnKinds = {
  integer: (value: unknown): value is number => Number.isSafeInteger(value),
  text: (value: unknown): value is string => typeof value === 'string',
  blob: (value: unknown): value is Uint8Array => value instanceof Uint8Array,
}
type BaseKind = keyof typeof columnKinds
/** A column's kind; `?`: it may be null; a list: a text that is one of them. */
type Kind = BaseKind | `${BaseKind}?` | readonly string[]
type BaseValue = { integer: number; text: string; blob: Uint8Array }
type ValueOf<K extends Kind> = K extends readonly string[]
  ? K[number]
  : K extends `${infer Base extends BaseKind}?`
    ? BaseValue[Base] | null
    : BaseValue[K & BaseKind]

function checkOf(kind: Kind): { check: (value: unknown) => boolean; said: string } {
  if (typeof kind !== 'string')
    return { check: (value) => kind.includes(value as string), said: kind.join(', ') }
  const nullable = kind.endsWith('?')
  const is = columnKinds[kind.replace('?', '') as BaseKind]
  return { check: (value) => (nullable && value === null) || is(value), said: kind.replace('?', ' or null') }
}

/**
 * Reads rows as arrays (`setReturnArrays`) and checks them column by column, in the statement's order: for reads
 * of thousands of rows at once, where a schema's object per row costs more than the read itself. A value not of
 * its column's kind is a damaged row, as a schema's would be.
 */
export function columnsOf<const K extends readonly Kind[]>(
  what: string,
  columns: { readonly [I in keyof K]: readonly [name: string, kind: K[I]] },
) {
  const checks = (columns as readonly (readonly [string, Kind])[]).map(([name, kind]) => ({
    name,
    ...checkOf(kind),
  }))
  return (rows: readonly unknown[][]): { -readonly [I in keyof K]: ValueOf<K[I]> }[] => {
    for (const row of rows)
      for (let at = 0; at < checks.length; at++) {
        const { name, check, said } = checks[at] as (typeof checks)[number]
        if (!check(row[at]))
          throw new AppError({
            code: historyDamaged,
            message: `Part of the history is damaged: a stored ${what} could not be read (${name}: not ${said}). It was left as it is.`,
          })
      }
    return rows as { -readonly [I in keyof K]: ValueOf<K[I]> }[]
  }
}
