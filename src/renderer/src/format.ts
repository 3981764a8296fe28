// How the app writes times, durations and amounts, everywhere the same.
import { perMillion } from '#shared/domain/catalog-view'
import { parseAmount, usd } from '#shared/domain/money'

export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000))
  const hours = Math.floor(total / 3600)
  const minutes = Math.floor((total % 3600) / 60)
  const seconds = total % 60
  if (hours > 0) return `${hours}h ${String(minutes).padStart(2, '0')}m`
  if (minutes > 0) return `${minutes}m ${String(seconds).padStart(2, '0')}s`
  return `${seconds}s`
}

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })
const time = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' })

export const formatDateTime = (ms: number) => dateTime.format(ms)
export const formatTime = (ms: number) => time.format(ms)

/** USD as charged, the same on every screen (see `usd`); a dash for no amount. */
export function formatUsd(decimal: string | null | undefined): string {
  if (decimal === null || decimal === undefined) return '—'
  return usd(parseAmount(decimal))
}

/**
 * A per-token price in dollars per million tokens, as `formatUsd` writes dollars. Worked out once per price: a
 * model field lists thousands of models, and a catalog repeats its prices.
 */
export function formatUsdPerMillion(perToken: string): string {
  let text = usdPerMillion.get(perToken)
  if (text === undefined) {
    text = formatUsd(perMillion(perToken))
    if (usdPerMillion.size >= 10_000) usdPerMillion.clear()
    usdPerMillion.set(perToken, text)
  }
  return text
}
const usdPerMillion = new Map<string, string>()

/** A price per second of video, exact, at least the cents: $0.05/s. */
export function formatPricePerSecond(perSecond: string): string {
  const [whole = '0', fraction = ''] = perSecond.split('.')
  return `$${whole}.${fraction.replace(/0+$/, '').padEnd(2, '0')}/s`
}

/** A price per 1M tokens, exact: every digit the catalog gives, at least the cents ($0.375, $5.00). */
export function formatPricePerMillion(perToken: string): string {
  const [whole = '0', fraction = ''] = perMillion(perToken).split('.')
  return `$${whole}.${fraction.padEnd(2, '0')}`
}

const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 })

/** A token count in decimal thousands and millions, as model cards write it: 200,000 → 200K, 1,048,576 → 1M. */
export const formatTokenCount = (count: number | null): string =>
  count === null ? '—' : compact.format(count)

/** "1 token", "2,048 tokens". */
/** A count with its noun, one format across the app: `1 questionnaire`, `5,010 changes`. */
export const counted = (count: number, one: string, many = `${one}s`): string =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`

export const tokensPhrase = (count: number): string => counted(count, 'token')
