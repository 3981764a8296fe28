// The browser's filters in the Models address: the shared codec, under the parameter names /models declares
// (router.test.ts checks that every name filterToParams writes is one of them).
import { filterFromParams, filterToParams, type ModelFilter } from '#shared/domain/catalog-view'
import type { RouteChanges, RouteParams } from '../../router.ts'

export const filterOfRoute = (params: RouteParams<'/models'>): ModelFilter =>
  filterFromParams(new URLSearchParams(params as Record<string, string>))

export const routeOfFilter = (change: Partial<ModelFilter>): RouteChanges<'/models'> =>
  filterToParams(change) as RouteChanges<'/models'>
