// Deterministic numbers from content: the same request always gets the same simulated answer.
import { createHash } from 'node:crypto'

/** A float in [0, 1) derived from the parts. */
export function seeded(...parts: unknown[]): number {
  const digest = createHash('sha256').update(JSON.stringify(parts)).digest()
  return digest.readUInt32BE(0) / 2 ** 32
}

/** A float in [-spread, spread) derived from the parts. */
export const jitter = (spread: number, ...parts: unknown[]) => (seeded(...parts) * 2 - 1) * spread

export function seededInt(max: number, ...parts: unknown[]): number {
  return Math.floor(seeded(...parts) * max)
}
