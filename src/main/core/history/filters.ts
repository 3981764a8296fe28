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

/**
 * The distinct values of an indexed column, in order, one seek of its index each (`table` and `column` are the
 * code's own names): a filter's choices without reading every row.
 */
export const distinctSql = (table: string, column: string) =>
  `WITH RECURSIVE seen(value) AS (
     SELECT min(${column}) FROM ${table}
     UNION ALL SELECT (SELECT min(${column}) FROM ${table} WHERE ${column} > seen.value) FROM seen
     WHERE seen.value IS NOT NULL)
   SELECT value FROM seen WHERE value IS NOT NULL`
