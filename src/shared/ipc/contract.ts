// The building blocks of the IPC contract: a route has a zod input and output, an event a zod payload.
// Main binds handlers to routes exhaustively; the renderer sees only the types.
import type { z } from 'zod'

export interface Route<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  readonly input: I
  readonly output: O
  /**
   * `data worker`: the answer is made whole in the data worker (a page of the board, a range of a batch's rows, its answers)
   * and checked against `output` there, so main passes it on without checking it again. Otherwise main checks it.
   */
  readonly checkedIn?: 'data worker'
}

export type RouteMap = Record<string, Route>

export const route = <I extends z.ZodType, O extends z.ZodType>(def: {
  input: I
  output: O
  checkedIn?: 'data worker'
}): Route<I, O> => def

export interface EventDef<P extends z.ZodType = z.ZodType> {
  readonly payload: P
}

export type EventMap = Record<string, EventDef>

export const event = <P extends z.ZodType>(payload: P): EventDef<P> => ({ payload })

/** What a route receives once its input is checked, and what it answers. */
export type RouteInput<M extends RouteMap, K extends keyof M> = z.output<M[K]['input']>
export type RouteOutput<M extends RouteMap, K extends keyof M> = z.input<M[K]['output']>

/** What a handler knows of the call besides its input: a signal aborted when the window stops waiting for it. */
export interface CallContext {
  signal: AbortSignal
}

/** A handler for every route of the map, and nothing else: a missing or extra key does not compile. */
export type HandlersFor<M extends RouteMap> = {
  [K in keyof M]: (
    input: z.output<M[K]['input']>,
    call: CallContext,
  ) => Promise<z.input<M[K]['output']>> | z.input<M[K]['output']>
}
