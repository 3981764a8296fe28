// What crosses the bridge for every call: data, or an error with its code intact.
import type { AppErrorShape } from './app-error.ts'

export type Envelope<T> = { ok: true; data: T } | { ok: false; error: AppErrorShape }
