// How a caller reads an envelope: the data, or the AppError rebuilt with every field main set.
import { AppError } from './app-error.ts'
import type { Envelope } from './envelope.ts'

export function unwrap<T>(envelope: Envelope<T>): T {
  if (!envelope.ok) throw new AppError(envelope.error)
  return envelope.data
}
