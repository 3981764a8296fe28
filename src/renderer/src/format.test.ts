import { describe, expect, it } from 'vitest'
import {
  counted,
  formatElapsed,
  formatPricePerMillion,
  formatTokenCount,
  formatUsd,
  formatUsdPerMillion,
  tokensPhrase,
} from './format.ts'

describe('format', () => {
  it('writes USD as charged: at least the cents, and every place that holds something', () => {
    expect(formatUsd('0.4')).toBe('$0.40')
    expect(formatUsd('12.345')).toBe('$12.345')
    expect(formatUsd('0.0425')).toBe('$0.0425')
    expect(formatUsd('3')).toBe('$3.00')
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

describe('prices per 1M tokens', () => {
  it('show every digit the catalog gives, at least the cents', () => {
    expect(formatPricePerMillion('0.000000375')).toBe('$0.375')
    expect(formatPricePerMillion('0.000005')).toBe('$5.00')
    expect(formatPricePerMillion('0.00000003')).toBe('$0.03')
    expect(formatPricePerMillion('0.0000000001')).toBe('$0.0001')
  })
})

describe('token counts', () => {
  it('writes context in decimal thousands and millions, as model cards do', () => {
    expect(formatTokenCount(200_000)).toBe('200K')
    expect(formatTokenCount(65_536)).toBe('65.5K')
    expect(formatTokenCount(1_048_576)).toBe('1M')
    expect(formatTokenCount(512)).toBe('512')
    expect(formatTokenCount(null)).toBe('—')
  })

  it('says “1 token”, not “1 tokens”', () => {
    expect(tokensPhrase(1)).toBe('1 token')
    expect(tokensPhrase(2048)).toBe('2,048 tokens')
  })
})

describe('formatUsdPerMillion', () => {
  it('writes a per-token price per million tokens as dollars, the same however often it is asked', () => {
    expect(formatUsdPerMillion('0.0000005')).toBe('$0.50')
    expect(formatUsdPerMillion('0.00000000123')).toBe('$0.00123')
    expect(formatUsdPerMillion('0.0000005')).toBe(formatUsd('0.5'))
  })

  it('counts with the noun in the one number format of the app', () => {
    expect(counted(1, 'questionnaire')).toBe('1 questionnaire')
    expect(counted(5010, 'change')).toBe('5,010 changes')
    expect(counted(0, 'video job')).toBe('0 video jobs')
  })
})
