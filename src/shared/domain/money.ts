// Exact decimal arithmetic for prices. The service quotes USD per token as decimal strings
// ("0.0000004"); multiplying those as floats drifts, so amounts are BigInts of 10^-18 USD.
const scale = 18
const unit = 10n ** BigInt(scale)

export type Amount = bigint

export function parseAmount(decimal: string): Amount {
  const match = /^(-?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i.exec(decimal.trim())
  if (!match || (match[2] === '' && !match[3])) throw new Error(`not a decimal number: "${decimal}"`)
  const [, sign, whole = '', fraction = '', exponent = '0'] = match
  const digits = BigInt(`${whole}${fraction}` || '0')
  const shift = scale - fraction.length + Number(exponent)
  const magnitude = shift >= 0 ? digits * 10n ** BigInt(shift) : digits / 10n ** BigInt(-shift)
  return sign === '-' ? -magnitude : magnitude
}

export const amountFromInteger = (value: number | bigint): Amount => BigInt(value) * unit

export function multiply(amount: Amount, count: number | bigint): Amount {
  return amount * BigInt(count)
}

/** Multiplies by a decimal factor, rounding half away from zero at 10^-18. */
export function multiplyDecimal(amount: Amount, factor: string): Amount {
  const product = amount * parseAmount(factor)
  const half = unit / 2n
  return product >= 0n ? (product + half) / unit : (product - half) / unit
}

/** The plain decimal string, without trailing zeros: `formatAmount(parseAmount("1.50"))` is `"1.5"`. */
export function formatAmount(amount: Amount): string {
  const negative = amount < 0n
  const digits = (negative ? -amount : amount).toString().padStart(scale + 1, '0')
  const whole = digits.slice(0, -scale)
  const fraction = digits.slice(-scale).replace(/0+$/, '')
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`
}

/** Rounded to `places` decimals, half away from zero, always showing them: `roundAmount(x, 2)` is `"0.10"`. */
export function roundAmount(amount: Amount, places: number): string {
  const step = 10n ** BigInt(scale - places)
  const negative = amount < 0n
  const magnitude = negative ? -amount : amount
  const rounded = ((magnitude + step / 2n) / step) * step
  const [whole, fraction = ''] = formatAmount(rounded).split('.')
  const padded = places > 0 ? `.${fraction.padEnd(places, '0')}` : ''
  return `${negative && rounded !== 0n ? '-' : ''}${whole}${padded}`
}

export const compareAmounts = (a: Amount, b: Amount): number => (a < b ? -1 : a > b ? 1 : 0)

/**
 * USD as charged: at least the cents, and every further place that holds something, up to 8 (an image costs
 * $0.0425, a decision fractions of a cent), so the same amount reads the same on every screen.
 */
export function usd(amount: Amount): string {
  const [whole = '0', places = ''] = roundAmount(amount, 8).split('.')
  const shown = places.replace(/0+$/, '').padEnd(2, '0')
  if (amount !== 0n && /^-?0$/.test(whole) && /^0+$/.test(shown)) return '< $0.00000001'
  return `$${whole}.${shown}`
}
