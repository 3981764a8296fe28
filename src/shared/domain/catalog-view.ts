// The model browser's arithmetic and filters, kept pure: prices per million tokens, the cost of a workload,
// filtering and sorting the catalog, and the filters as the view's address.

import { billedPerSecond, type CatalogModel, type ModelRole, modelRoles, type PriceName } from './catalog.ts'
import { type Amount, compareAmounts, formatAmount, multiply, parseAmount } from './money.ts'
import { finished, sortingByDistinctKeys, sortingByKey, textOrder } from './sorting.ts'

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

/** Each model's searchable text, lower-cased once rather than on every keystroke. */
const haystacks = new WeakMap<CatalogModel, string>()
function haystackOf(model: CatalogModel): string {
  let text = haystacks.get(model)
  if (text === undefined) {
    text = `${model.id} ${model.name} ${model.description}`.toLowerCase()
    haystacks.set(model, text)
  }
  return text
}

/**
 * The searchable text of each model of a list, in the list's order: kept for the lists searched again (a
 * catalog's sorted orders, and each result, which the next keystroke narrows), so that a search of 50,000
 * models reads an array rather than looking each model up.
 */
const listHaystacks = new WeakMap<readonly CatalogModel[], readonly string[]>()
function haystacksOf(models: readonly CatalogModel[]): readonly string[] {
  let texts = listHaystacks.get(models)
  if (!texts) {
    texts = models.map(haystackOf)
    listHaystacks.set(models, texts)
  }
  return texts
}

/** Works out the searchable text of each model ahead of a search, so that the first keystroke does not. */
export function prepareSearch(models: readonly CatalogModel[]): void {
  haystacksOf(models)
}

/** The words a search looks for, each of which a model's text must contain. */
const searchWords = (text: string) => text.toLowerCase().split(/\s+/).filter(Boolean)

const sameFilter = (a: ModelFilter, b: ModelFilter) =>
  (Object.keys(a) as (keyof ModelFilter)[]).every((key) => a[key] === b[key])

/**
 * Each prompt price per 1M tokens as an amount, worked out once: a maximum price typed a digit at a time reads
 * every model.
 */
const promptAmounts = new Map<string, Amount>()
function promptPerMillion(price: string): Amount {
  let amount = promptAmounts.get(price)
  if (amount === undefined) {
    amount = multiply(parseAmount(price), 1_000_000)
    // Prices repeat across a catalog; one made of distinct prices is not kept past a bound.
    if (promptAmounts.size < 100_000) promptAmounts.set(price, amount)
  }
  return amount
}

/** Keeps the models' order: filtering a sorted list gives the same list as sorting the filtered one. */
export function filterModels(models: readonly CatalogModel[], filter: ModelFilter): CatalogModel[] {
  const words = searchWords(filter.text)
  const maxPrice = filter.maxPrice ? parseAmount(filter.maxPrice) : null
  const passes = (model: CatalogModel) => {
    if (filter.provider && model.provider !== filter.provider) return false
    if (filter.input && !model.inputModalities.includes(filter.input)) return false
    if (filter.output && !model.outputModalities.includes(filter.output)) return false
    if (filter.minContext !== null && (model.contextLength ?? 0) < filter.minContext) return false
    if (filter.parameter && !model.supportedParameters.includes(filter.parameter)) return false
    if (filter.role && !model.roles.includes(filter.role)) return false
    if (maxPrice !== null) {
      // A price per 1M tokens says nothing of a model billed per second.
      if (model.prices.prompt === null || billedPerSecond(model)) return false
      if (promptPerMillion(model.prices.prompt) > maxPrice) return false
    }
    return true
  }
  const texts = words.length ? haystacksOf(models) : null
  const shown: CatalogModel[] = []
  const shownTexts: string[] = []
  for (let index = 0; index < models.length; index++) {
    const model = models[index] as CatalogModel
    if (!passes(model)) continue
    if (texts) {
      const text = texts[index] as string
      if (!words.every((word) => text.includes(word))) continue
      shownTexts.push(text)
    }
    shown.push(model)
  }
  if (texts) listHaystacks.set(shown, shownTexts)
  return shown
}

/**
 * Whether every model that passes `next` passes `from`: the same filters but the search, whose words each
 * contain one of the earlier search's words (a letter typed at the end, a word added). The models of `next`
 * are then `from`'s models filtered again, in the same order.
 */
export function filterNarrows(from: ModelFilter, next: ModelFilter): boolean {
  if (!sameFilter({ ...from, text: '' }, { ...next, text: '' })) return false
  const nextWords = searchWords(next.text)
  return searchWords(from.text).every((word) => nextWords.some((nextWord) => nextWord.includes(word)))
}

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

const priceColumns = new Set<string>(['prompt', 'completion', 'cacheRead', 'cacheWrite5m', 'cacheWrite1h'])

/** Each catalog's sorted lists, by column and direction. */
const sortedLists = new WeakMap<readonly CatalogModel[], Map<string, CatalogModel[]>>()

/**
 * Sorted by one column; missing values always last, ties by id. A model billed per second has no token price
 * to sort by (its listed 0 is not a price), so it sorts with the missing ones there. Each order is worked out
 * once per catalog: sorting again by a column already used answers at once. The list returned is shared: do not
 * change it.
 */
export function sortModels(
  models: readonly CatalogModel[],
  column: SortColumn,
  descending: boolean,
): readonly CatalogModel[] {
  return finished(sortingModels(models, column, descending))
}

/**
 * `sortModels` as work that pauses every few thousand models, for a caller that spreads it out (main, which
 * sorts a 50,000-model catalog by name in 65–80 ms); an order already worked out answers at once.
 */
export function* sortingModels(
  models: readonly CatalogModel[],
  column: SortColumn,
  descending: boolean,
): Generator<void, readonly CatalogModel[]> {
  let lists = sortedLists.get(models)
  if (!lists) {
    lists = new Map()
    sortedLists.set(models, lists)
  }
  const key = `${column} ${descending}`
  let sorted = lists.get(key)
  if (!sorted) {
    sorted = yield* sortingOnce(models, column, descending)
    // Worked out meanwhile by another caller: theirs stays, so that the order is one list.
    sorted = lists.get(key) ?? sorted
    lists.set(key, sorted)
  }
  return sorted
}

function* sortingOnce(
  models: readonly CatalogModel[],
  column: SortColumn,
  descending: boolean,
): Generator<void, CatalogModel[]> {
  const textCompare = (a: string, b: string) => textOrder.compare(a, b)
  if (column === 'id' && !descending) return yield* sortingByKey(models, (model) => model.id, textCompare)
  // Placed in the order of ids, which breaks every tie.
  const byId = yield* sortingModels(models, 'id', false)
  // Ids are unique: the other direction is the same list reversed.
  if (column === 'id') return [...byId].reverse()
  if (column === 'name') {
    // Names are nearly all distinct: compared directly, equal ones keep their order of ids.
    return yield* sortingByKey(
      byId,
      (model) => model.name,
      descending ? (a, b) => textCompare(b, a) : textCompare,
    )
  }
  if (column === 'perSecond' || priceColumns.has(column)) {
    // Compared as amounts, each distinct price parsed once.
    const amounts = new Map<string, Amount>()
    const amount = (price: string) => {
      let value = amounts.get(price)
      if (value === undefined) {
        value = parseAmount(price)
        amounts.set(price, value)
      }
      return value
    }
    const price = (model: CatalogModel) =>
      column === 'perSecond'
        ? model.perSecond
        : billedPerSecond(model)
          ? null
          : model.prices[column as PriceName]
    return yield* sortingByDistinctKeys(
      byId,
      price,
      (a, b) => compareAmounts(amount(a), amount(b)),
      descending,
    )
  }
  const read = (model: CatalogModel) => model[column as 'provider' | 'contextLength' | 'moderated']
  return yield* sortingByDistinctKeys(
    byId,
    read,
    (x, y) =>
      typeof x === 'number' && typeof y === 'number' ? x - y : textOrder.compare(String(x), String(y)),
    descending,
  )
}

/**
 * Filters as the person types: the same filter of the same list again (each page of one view) answers the last
 * result; when the search only narrowed since the last call (see `filterNarrows`), the last result is filtered
 * again instead of the whole catalog, with the same answer. The list returned is shared: do not change it.
 */
export function createModelFilterer(): (
  models: readonly CatalogModel[],
  filter: ModelFilter,
) => readonly CatalogModel[] {
  let last: { models: readonly CatalogModel[]; filter: ModelFilter; shown: readonly CatalogModel[] } | null =
    null
  return (models, filter) => {
    if (last?.models === models && sameFilter(last.filter, filter)) return last.shown
    const narrower = last?.models === models && filterNarrows(last.filter, filter)
    // No filter at all (a sort of the whole catalog): the list itself, not a copy of 50,000 models.
    const shown = sameFilter(filter, emptyFilter)
      ? models
      : filterModels(narrower && last ? last.shown : models, filter)
    last = { models, filter, shown }
    return shown
  }
}

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
