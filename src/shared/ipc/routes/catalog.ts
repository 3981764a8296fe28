// Routes of the model catalog: the unified list for the screens that pick a model; for the browser, pages of
// one normalized record per model from the three listing styles, the price plot's points, what changed since the
// last refresh, one model in each style (fresh from the single-model routes), and a provider's models (the
// by-provider routes).
import { z } from 'zod'
import { playgroundUses } from '../../domain/catalog.ts'
import { filterValueLimit, sortColumns } from '../../domain/catalog-view.ts'
import { route } from '../contract.ts'

const style = z.enum(['unified', 'generative', 'messages'])
const price = z.string().nullable()
const priceName = z.enum(['prompt', 'completion', 'cacheRead', 'cacheWrite5m', 'cacheWrite1h'])

export const CatalogModelRecord = z.object({
  id: z.string(),
  provider: z.string(),
  name: z.string(),
  description: z.string(),
  created: z.number().nullable(),
  canonicalSlug: z.string(),
  inputModalities: z.array(z.string()),
  outputModalities: z.array(z.string()),
  contextLength: z.number().nullable(),
  maxCompletionTokens: z.number().nullable(),
  prices: z.object({
    prompt: price,
    completion: price,
    cacheRead: price,
    cacheWrite5m: price,
    cacheWrite1h: price,
  }),
  /** Catalogs kept before per-second prices were read have none. */
  perSecond: price.default(null),
  moderated: z.boolean(),
  supportedParameters: z.array(z.string()),
  expirationDate: z.string().nullable(),
  roles: z.array(z.enum(['decision', 'image', 'video', 'chat'])),
  styles: z.array(style),
  disagreements: z.array(z.object({ field: z.string(), values: z.record(z.string(), z.unknown()) })),
})

/** What the browser's table shows of a model (`CatalogRow`). */
export const CatalogRowRecord = CatalogModelRecord.omit({
  description: true,
  created: true,
  canonicalSlug: true,
  styles: true,
  disagreements: true,
})

/** Where a page of the table ended: a place in the sort order, or a kept row (by id, or among models without a value). */
export const CatalogCursor = z.object({ missing: z.boolean(), key: z.number().int() })

export const CatalogChangesRecord = z.object({
  /** When the catalog compared against was fetched. */
  since: z.number(),
  added: z.array(z.string()),
  removed: z.array(z.string()),
  priceChanges: z.array(z.object({ id: z.string(), price: priceName, from: price, to: price })),
})

/** How the browser narrows the catalog (`ModelFilter`), each value within `filterValueLimit`. */
export const ModelFilterRecord = z.object({
  text: z.string().max(filterValueLimit),
  provider: z.string().max(filterValueLimit),
  input: z.string().max(filterValueLimit),
  output: z.string().max(filterValueLimit),
  minContext: z.number().positive().nullable(),
  maxPrice: z
    .string()
    .max(filterValueLimit)
    .regex(/^(\d+(\.\d+)?)?$/),
  parameter: z.string().max(filterValueLimit),
  role: z.enum(['', 'decision', 'image', 'video', 'chat']),
})

/**
 * What a screen's model field asks of its list: the models that match what is typed (at most a field's worth),
 * and the chosen one looked up by its id wherever it is in the list.
 */
export const ModelFieldQuery = z.object({
  text: z.string().max(filterValueLimit).default(''),
  limit: z.number().int().min(1).max(500).default(100),
  /** The chosen model's id; '' when none is chosen yet. */
  chosen: z.string().max(filterValueLimit).default(''),
})
export type ModelFieldQuery = z.infer<typeof ModelFieldQuery>

const ModelChoiceRecord = z.object({
  id: z.string(),
  name: z.string(),
  roles: CatalogModelRecord.shape.roles,
})

const CatalogState = {
  fetchedAt: z.number(),
  fresh: z.boolean(),
  /** Why the catalog is not fresh, or which style did not answer. */
  problem: z.string().nullable(),
  /** Kept on disk from an earlier run and older than five minutes: shown now, to be refreshed. */
  outdated: z.boolean(),
}

export const catalogRoutes = {
  /**
   * The models the playground lists for one use that match `text` (the model field's search), each as little as
   * a model field needs, and the chosen model when that use lists it.
   */
  'catalog.choices': route({
    input: ModelFieldQuery.extend({ use: z.enum(playgroundUses) }),
    output: z.object({
      models: z.array(ModelChoiceRecord),
      /** Models the search matches, listed or not. */
      total: z.number().int(),
      chosen: ModelChoiceRecord.nullable(),
    }),
  }),
  /**
   * What changed since the catalog kept before the one shown (null when there is none to compare with), worked
   * out in the background: the browser's first look does not wait for it. `fetchedAt` is the catalog shown.
   */
  'catalog.changes': route({
    input: z.object({}),
    output: z.object({ fetchedAt: z.number(), changes: CatalogChangesRecord.nullable() }),
  }),
  /** The browser's view of the catalog without its models: its state, size and the values each filter takes. */
  'catalog.overview': route({
    input: z.object({ refresh: z.boolean().default(false) }),
    output: z.object({
      ...CatalogState,
      size: z.number().int(),
      facets: z.object({
        providers: z.array(z.string()),
        inputs: z.array(z.string()),
        outputs: z.array(z.string()),
        parameters: z.array(z.string()),
      }),
    }),
  }),
  /**
   * One page of the catalog as the browser shows it: filtered and sorted; the first page (offset 0) also says how
   * many models match, the others do not count again (null). A page starts after the page before it (`after`, its
   * `next`) when that is at hand, or else at its position.
   */
  'catalog.rows': route({
    input: z.object({
      filter: ModelFilterRecord,
      sort: z.enum(sortColumns),
      descending: z.boolean(),
      offset: z.number().int().min(0),
      limit: z.number().int().min(1).max(1000),
      after: CatalogCursor.optional(),
    }),
    output: z.object({
      rows: z.array(CatalogRowRecord),
      total: z.number().int().nullable(),
      next: CatalogCursor.nullable(),
      fetchedAt: z.number(),
    }),
  }),
  /**
   * What the price plot draws for the filtered models with a context length and a prompt price: two numbers
   * each (context tokens, USD per 1M prompt tokens), in the order of ids; and, when they are few enough to point
   * at, each model's id, name and exact price.
   */
  'catalog.points': route({
    input: z.object({ filter: ModelFilterRecord }),
    output: z.object({
      contexts: z.array(z.number()),
      prices: z.array(z.number()),
      models: z.array(z.object({ id: z.string(), name: z.string(), prompt: z.string() })).nullable(),
      /** Models the filter matches, drawn or not. */
      total: z.number().int(),
      fetchedAt: z.number(),
    }),
  }),
  'catalog.model': route({
    input: z.object({ id: z.string(), refresh: z.boolean().default(false) }),
    output: z.object({
      model: CatalogModelRecord,
      /** The model's object in each style, as the service sent it. */
      raw: z.object({ unified: z.unknown(), generative: z.unknown(), messages: z.unknown() }),
      fetchedAt: z.number(),
    }),
  }),
  'catalog.provider': route({
    input: z.object({ provider: z.string().min(1).max(100) }),
    output: z.object({ models: z.array(CatalogModelRecord), fetchedAt: z.number() }),
  }),
}
