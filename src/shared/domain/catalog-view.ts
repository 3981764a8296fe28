// The model browser's arithmetic and views, kept pure: prices per million tokens, the cost of a workload, the
// filters and sort columns of the view (the store filters and sorts, in the data worker) and the filters as the
// view's address.

import type { CatalogModel, ModelRole, PriceName } from './catalog.ts'
import { modelRoles } from './catalog.ts'
import { type Amount, formatAmount, multiply, parseAmount } from './money.ts'

/** Per-token price → per-million, exactly. */
export const perMillion = (price: string): string => formatAmount(multiply(parseAmount(price), 1_000_000))

/** Tokens of one call, by kind of price. */
export type Workload = Record<PriceName, number>
export const emptyWorkload: Workload = {
  prompt: 0,
  completion: 0,
  cacheRead: 0,
  cacheWrite5m: 0,
  cacheWrite1h: 0,
}

export interface WorkloadCost {
  perCall: string
  perThousand: string
  /** Token kinds the model quotes no price for, so the cost leaves them out. */
  unpriced: PriceName[]
}

export function workloadCost(prices: Record<PriceName, string | null>, workload: Workload): WorkloadCost {
  let total: Amount = 0n
  const unpriced: PriceName[] = []
  for (const [name, tokens] of Object.entries(workload) as [PriceName, number][]) {
    if (tokens <= 0) continue
    const price = prices[name]
    if (price === null) unpriced.push(name)
    else total += multiply(parseAmount(price), tokens)
  }
  return { perCall: formatAmount(total), perThousand: formatAmount(total * 1000n), unpriced }
}

export interface ModelFilter {
  text: string
  provider: string
  input: string
  output: string
  /** Minimum context length, tokens. */
  minContext: number | null
  /** Maximum prompt price, USD per 1M tokens (a decimal string). */
  maxPrice: string
  parameter: string
  role: ModelRole | ''
}

export const emptyFilter: ModelFilter = {
  text: '',
  provider: '',
  input: '',
  output: '',
  minContext: null,
  maxPrice: '',
  parameter: '',
  role: '',
}

const filterKeys = {
  text: 'q',
  provider: 'provider',
  input: 'in',
  output: 'out',
  minContext: 'minContext',
  maxPrice: 'maxPrice',
  parameter: 'param',
  role: 'role',
} as const satisfies Record<keyof ModelFilter, string>

/** The longest value a filter keeps; an address or a paste past it is cut (main is asked within bounds). */
export const filterValueLimit = 1000

export function filterFromParams(params: URLSearchParams): ModelFilter {
  const value = (key: string) => (params.get(key) ?? '').slice(0, filterValueLimit)
  const minContext = Number(params.get(filterKeys.minContext))
  const maxPrice = value(filterKeys.maxPrice)
  const role = params.get(filterKeys.role) ?? ''
  return {
    text: value(filterKeys.text),
    provider: value(filterKeys.provider),
    input: value(filterKeys.input),
    output: value(filterKeys.output),
    minContext: Number.isFinite(minContext) && minContext > 0 ? minContext : null,
    maxPrice: /^\d+(\.\d+)?$/.test(maxPrice) ? maxPrice : '',
    parameter: value(filterKeys.parameter),
    role: modelRoles.find((r) => r === role) ?? '',
  }
}

/** The filter's changes as address parameters (empty values remove theirs). */
export function filterToParams(change: Partial<ModelFilter>): Record<string, string | null> {
  return Object.fromEntries(
    Object.entries(change).map(([key, value]) => [
      filterKeys[key as keyof ModelFilter],
      value === null || value === '' ? null : String(value),
    ]),
  )
}

/** The columns the browser sorts by (missing values last either way, ties by id). */
export const sortColumns = [
  'id',
  'provider',
  'name',
  'contextLength',
  'maxCompletionTokens',
  'prompt',
  'completion',
  'cacheRead',
  'cacheWrite5m',
  'cacheWrite1h',
  'perSecond',
  'moderated',
  'expirationDate',
] as const
export type SortColumn = (typeof sortColumns)[number]

/** The values a filter can take in this catalog, sorted. */
export function facetsOf(models: readonly CatalogModel[]) {
  const collect = (read: (model: CatalogModel) => string[]) => [...new Set(models.flatMap(read))].sort()
  return {
    providers: collect((model) => [model.provider]),
    inputs: collect((model) => model.inputModalities),
    outputs: collect((model) => model.outputModalities),
    parameters: collect((model) => model.supportedParameters),
  }
}
