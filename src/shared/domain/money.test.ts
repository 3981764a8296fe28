import { describe, expect, it } from 'vitest'
import { formatAmount, multiply, multiplyDecimal, parseAmount, roundAmount } from './money.ts'

describe('money', () => {
  it('multiplies per-token prices exactly, where floats drift', () => {
    expect(0.1 * 3 === 0.3).toBe(false)
    expect(formatAmount(multiply(parseAmount('0.1'), 3))).toBe('0.3')
    expect(formatAmount(multiply(parseAmount('0.0000003'), 3))).toBe('0.0000009')
    expect(formatAmount(multiply(parseAmount('0.000015'), 1_000_000))).toBe('15')
    expect(formatAmount(parseAmount('1.50'))).toBe('1.5')
    expect(formatAmount(parseAmount('3e-7'))).toBe('0.0000003')
  })

  it('rounds half away from zero and keeps the places', () => {
    expect(roundAmount(parseAmount('0.125'), 2)).toBe('0.13')
    expect(roundAmount(parseAmount('0.1'), 2)).toBe('0.10')
    expect(roundAmount(parseAmount('-0.125'), 2)).toBe('-0.13')
    expect(roundAmount(parseAmount('0.004'), 2)).toBe('0.00')
    expect(roundAmount(parseAmount('12'), 0)).toBe('12')
  })

  it('multiplies by decimal factors', () => {
    expect(formatAmount(multiplyDecimal(parseAmount('0.05'), '0.6'))).toBe('0.03')
  })

  it('refuses what is not a decimal number', () => {
    for (const bad of ['', 'abc', '1.2.3', '--1', '.']) expect(() => parseAmount(bad)).toThrow()
  })
})
