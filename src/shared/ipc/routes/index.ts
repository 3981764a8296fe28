// Every route of the contract. Main binds a handler to each; the renderer calls them by name.
import type { z } from 'zod'
import type { RouteMap } from '../contract.ts'
import { appRoutes } from './app.ts'
import { batchRoutes } from './batches.ts'
import { catalogRoutes } from './catalog.ts'
import { decisionRoutes } from './decisions.ts'
import { imageRoutes } from './images.ts'
import { playgroundRoutes } from './playground.ts'
import { profileRoutes } from './profiles.ts'
import { spendRoutes } from './spend.ts'
import { streamRoutes } from './streams.ts'
import { videoRoutes } from './videos.ts'

export const routes = {
  ...appRoutes,
  ...batchRoutes,
  ...catalogRoutes,
  ...decisionRoutes,
  ...imageRoutes,
  ...playgroundRoutes,
  ...profileRoutes,
  ...spendRoutes,
  ...streamRoutes,
  ...videoRoutes,
} satisfies RouteMap

export type Routes = typeof routes
export type RouteName = keyof Routes
export type RouteInput<N extends RouteName> = z.input<Routes[N]['input']>
export type RouteOutput<N extends RouteName> = z.output<Routes[N]['output']>
