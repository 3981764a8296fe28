// Rows of the history that could not be read, as the person is told about them: one damaged row never empties
// a list. Lists read row by row; a row that fails its schema (or whose stored JSON does) is left out of the
// list, left as it is on disk, and reported here with its id and what is wrong.
import { AppError } from '#shared/ipc/app-error'

export interface DamagedRow {
  /** What the row is, in the person's words ("video job"). */
  what: string
  id: string
  problem: string
}

export function createDamagedRows(onNew: () => void = () => {}) {
  const found = new Map<string, DamagedRow>()
  const report = (row: DamagedRow) => {
    const key = `${row.what}\u0000${row.id}`
    if (found.has(key)) return
    found.set(key, row)
    onNew()
  }
  return {
    report,
    list: (): DamagedRow[] => [...found.values()],
    /** Maps every row of a list, leaving out (and reporting) the ones that cannot be read. */
    each<R, T>(what: string, rows: readonly R[], idOf: (row: R) => unknown, map: (row: R) => T): T[] {
      const mapped: T[] = []
      for (const row of rows) {
        try {
          mapped.push(map(row))
        } catch (error) {
          report({ what, id: String(idOf(row) ?? '?'), problem: problemOf(error) })
        }
      }
      return mapped
    },
    /** Listens for new damage (the window is told to refresh its notices). */
    set onNew(listener: () => void) {
      onNew = listener
    },
  }
}

const problemOf = (error: unknown) =>
  error instanceof AppError || error instanceof Error ? error.message : String(error)

export type DamagedRows = ReturnType<typeof createDamagedRows>
