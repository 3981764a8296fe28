// Builds the WHERE part of a list query from optional conditions, with LIKE patterns escaped.
import type { SQLInputValue } from 'node:sqlite'

export type Condition = [clause: string, value: SQLInputValue | undefined]

export function whereOf(conditions: Condition[]): { sql: string; params: SQLInputValue[] } {
  const active = conditions.filter(([, value]) => value !== undefined && value !== '')
  return {
    sql: active.length ? `WHERE ${active.map(([clause]) => clause).join(' AND ')}` : '',
    params: active.map(([, value]) => value as SQLInputValue),
  }
}

/** A LIKE pattern that matches `text` anywhere, with % and _ taken literally (use with ESCAPE '\'). */
export const containing = (text: string | undefined) =>
  text ? `%${text.replace(/[\\%_]/g, '\\$&')}%` : undefined
