import { describe, expect, it } from 'vitest'
import { formatElapsed, formatUsd } from './format.ts'

describe('format', () => {
  it('writes USD exactly, with cents, or the places a sub-cent amount needs', () => {
    expect(formatUsd('0.4')).toBe('$0.40')
    expect(formatUsd('12.345')).toBe('$12.35')
    expect(formatUsd('0.0000246')).toBe('$0.0000246')
    expect(formatUsd('0.000000001')).toBe('< $0.00000001')
    expect(formatUsd(null)).toBe('—')
  })

  it('writes durations the way a person reads them', () => {
    expect(formatElapsed(4_200)).toBe('4s')
    expect(formatElapsed(125_000)).toBe('2m 05s')
    expect(formatElapsed(3_726_000)).toBe('1h 02m')
  })
})
