// The one reading of an HTTP Range header (a single byte range), for everything that serves media.
export type RangeAnswer =
  | { kind: 'whole' }
  | { kind: 'part'; start: number; end: number }
  | { kind: 'unsatisfiable' }

export function parseRange(header: string | null | undefined, size: number): RangeAnswer {
  if (!header) return { kind: 'whole' }
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  if (!match || (!match[1] && !match[2])) return { kind: 'unsatisfiable' }
  const start = match[1] ? Number(match[1]) : Math.max(0, size - Number(match[2]))
  const end = match[1] && match[2] ? Math.min(Number(match[2]), size - 1) : size - 1
  if (start > end || start >= size) return { kind: 'unsatisfiable' }
  return { kind: 'part', start, end }
}
