// Every event main pushes to the renderer. Streams and progress are keyed by a request id.
import { z } from 'zod'
import { commandIds } from '../commands.ts'
import type { AppErrorShape } from './app-error.ts'
import { type EventMap, event } from './contract.ts'
import { Preferences } from './routes/app.ts'
import { WireRecord } from './routes/playground.ts'

/** Names of the stores that can change under the renderer; a query keyed on one refetches. */
export const DataTopic = z.enum([
  'preferences',
  'profiles',
  'videos',
  'deliveries',
  'tunnel',
  'polling',
  'batches',
  'images',
  'caches',
  'catalog',
  'conversations',
  'notices',
  'updates',
  'spend',
])
export type DataTopic = z.infer<typeof DataTopic>

export const events = {
  /** Something in main changed; the renderer invalidates the queries of these topics. */
  'data.changed': event(z.object({ topics: z.array(DataTopic) })),
  'preferences.changed': event(Preferences),
  /** A command the application menu asks the window to run. */
  'app.command': event(z.object({ id: z.enum(commandIds) })),
  /** Main asks the renderer to show a screen (menu, notification click, dropped file). */
  'app.navigate': event(z.object({ path: z.string() })),
  /** One event of a streamed call; `at` is milliseconds since the call started. */
  'stream.event': event(
    z.object({ requestId: z.string(), at: z.number(), event: z.string().optional(), data: z.unknown() }),
  ),
  /** What a streamed call sent and the status and headers it got (credentials masked). */
  'stream.wire': event(z.object({ requestId: z.string(), record: WireRecord })),
  /** The stream is over: finished, failed (with the error) or cancelled. */
  'stream.end': event(
    z.object({
      requestId: z.string(),
      at: z.number(),
      outcome: z.enum(['finished', 'failed', 'cancelled']),
      error: z
        .custom<AppErrorShape>((value) => typeof value === 'object' && value !== null && 'code' in value)
        .optional(),
    }),
  ),
} satisfies EventMap

export type Events = typeof events
export type EventName = keyof Events
export type EventPayload<E extends EventName> = z.output<Events[E]['payload']>
