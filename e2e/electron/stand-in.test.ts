// The stand-in's own rules: values cross its IPC wire as structured clones do, and a member it lacks fails
// loudly instead of passing silently.
import { describe, expect, it } from 'vitest'
import { decodeWire, encodeWire } from './codec.ts'
import { standIn } from './records.ts'

describe('the stand-in IPC wire', () => {
  it('carries what structured clone carries through JSON', () => {
    const value = {
      bytes: new Uint8Array([0, 1, 255]),
      when: new Date(1_700_000_000_000),
      nothing: undefined,
      big: 12345678901234567890n,
      inf: Number.POSITIVE_INFINITY,
      map: new Map([['a', [1, 2]]]),
      set: new Set(['x']),
      nested: [{ $w: 'looks like a tag', v: 1 }],
    }
    expect(decodeWire(JSON.parse(JSON.stringify(encodeWire(value))))).toEqual(value)
  })
})

describe('standIn', () => {
  it('throws "not stood in" for a member the stand-in lacks', () => {
    const app = standIn('app', { getName: () => 'Gateway Desk' })
    expect(app.getName()).toBe('Gateway Desk')
    expect(() => (app as unknown as { setJumpList(): void }).setJumpList()).toThrow(
      'not stood in: app.setJumpList',
    )
  })
})
