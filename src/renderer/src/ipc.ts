// The window's way to main: a call (`invoke`) whose failed envelope becomes a thrown AppError with its code
// intact, main's events (`on`), and the server state they feed. Server state lives in TanStack Query: keys come
// from one factory per topic, and main's `data.changed` event invalidates exactly the topics it names.
import { notifyManager, QueryClient } from '@tanstack/react-query'
import type { DataTopic, EventName, EventPayload } from '#shared/ipc/events'
import { overBudgetCode, overridableRoutes } from '#shared/ipc/over-budget'
import type { RouteInput, RouteName, RouteOutput } from '#shared/ipc/routes/index'
import { unwrap } from '#shared/ipc/unwrap'

/** What the person chose: not to send it, to send it anyway, or to send it again as usual (the budget raised). */
export type OverBudgetChoice = 'cancel' | 'send-anyway' | 'send-again'
type OverBudgetAnswer = (refusal: Error) => Promise<OverBudgetChoice>
let answerOverBudget: OverBudgetAnswer | null = null

/**
 * Who asks the person about a request a budget refused (the shell's dialog). When they choose "Send anyway",
 * the same call goes again with `overBudget`; when they raised the budget, it goes again as it was (and is checked
 * again); either way the screen that made it gets its answer as if nothing happened. Otherwise the screen gets the
 * refusal as its error.
 */
export function onOverBudget(answer: OverBudgetAnswer): () => void {
  answerOverBudget = answer
  return () => {
    if (answerOverBudget === answer) answerOverBudget = null
  }
}

const overridable = new Set<string>(overridableRoutes)

/**
 * Calls a route. With a `signal` (TanStack Query's, for a read), aborting it tells main to stop the work: the read
 * of a page nobody shows any more is cancelled, not left to finish.
 */
export async function invoke<N extends RouteName>(
  route: N,
  input: RouteInput<N>,
  options: { signal?: AbortSignal | undefined } = {},
): Promise<RouteOutput<N>> {
  try {
    return await send(route, input, options)
  } catch (error) {
    const ask = answerOverBudget
    const sentAnyway = (input as { overBudget?: true }).overBudget
    if (!ask || sentAnyway || !overridable.has(route) || (error as { code?: string }).code !== overBudgetCode)
      throw error
    const choice = await ask(error as Error)
    if (choice === 'cancel') throw error
    if (choice === 'send-again') return invoke(route, input, options)
    return send(route, { ...input, overBudget: true }, options)
  }
}

async function send<N extends RouteName>(
  route: N,
  input: RouteInput<N>,
  options: { signal?: AbortSignal | undefined },
): Promise<RouteOutput<N>> {
  const { signal } = options
  if (!signal) return unwrap(await window.bridge.invoke(route, input))
  signal.throwIfAborted()
  const callId = crypto.randomUUID()
  const cancel = () => void window.bridge.invoke('requests.cancel', { requestId: callId })
  signal.addEventListener('abort', cancel, { once: true })
  try {
    return unwrap(await window.bridge.invoke(route, input, callId))
  } finally {
    signal.removeEventListener('abort', cancel)
  }
}

export function on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void {
  return window.bridge.on(event, listener)
}

export const queryKeys = {
  preferences: () => ['preferences'] as const,
  profiles: () => ['profiles'] as const,
  appInfo: () => ['app', 'info'] as const,
  notices: () => ['app', 'notices'] as const,
  updates: () => ['app', 'updates'] as const,
  spend: () => ['spend'] as const,
  secretStorage: () => ['profiles', 'storage'] as const,
  /** The status bar's word on a profile's connection; a test from Settings answers it too. */
  health: (id: string) => ['profiles', 'health', id] as const,
  videos: () => ['videos'] as const,
  videoList: (filter: object) => ['videos', 'list', filter] as const,
  videoDetail: (id: string) => ['videos', 'detail', id] as const,
  deliveries: () => ['deliveries'] as const,
  tunnel: () => ['tunnel'] as const,
  polling: () => ['polling'] as const,
  batches: () => ['batches'] as const,
  batch: (id: string) => ['batches', id] as const,
  decisionRuns: () => ['decisions', 'runs'] as const,
  questionnaires: () => ['questionnaires'] as const,
  images: () => ['images'] as const,
  conversations: () => ['conversations'] as const,
  /** What the command palette finds by name for the words typed. */
  paletteJumps: (text: string) => ['palette', 'jumps', text] as const,
  imageList: (filter: object) => ['images', 'list', filter] as const,
} satisfies Record<string, (...args: never[]) => readonly unknown[]>

/** Reads that the shell and several screens share, each defined once. */
export const sharedQueries = {
  preferences: { queryKey: queryKeys.preferences(), queryFn: () => invoke('preferences.get', {}) },
  appInfo: { queryKey: queryKeys.appInfo(), queryFn: () => invoke('app.info', {}) },
  notices: { queryKey: queryKeys.notices(), queryFn: () => invoke('app.notices', {}) },
}

/**
 * What belongs to one profile — its catalog, and the models and caches read from it — has keys that start with
 * the profile's id: after a switch every screen asks for the new profile's data at once, and never shows the
 * previous profile's.
 */
export const profileKeys = {
  catalogAll: (profileId: string) => [profileId, 'catalog'] as const,
  catalogOverview: (profileId: string) => [profileId, 'catalog', 'overview'] as const,
  catalogChanges: (profileId: string, fetchedAt: number) =>
    [profileId, 'catalog', 'changes', fetchedAt] as const,
  catalogChoices: (profileId: string, use: string, text: string, chosen: string) =>
    [profileId, 'catalog', 'choices', use, text, chosen] as const,
  catalogRows: (profileId: string, query: object) => [profileId, 'catalog', 'rows', query] as const,
  catalogPoints: (profileId: string, filter: object) => [profileId, 'catalog', 'points', filter] as const,
  catalogModel: (profileId: string, id: string | null, refresh: boolean) =>
    [profileId, 'catalog', 'model', id, refresh] as const,
  catalogProvider: (profileId: string, provider: string | null) =>
    [profileId, 'catalog', 'provider', provider] as const,
  // A screen's model field is read from the catalog: a refresh reads it again, a new image or job does not.
  decisionModels: (profileId: string) => [profileId, 'catalog', 'decisions'] as const,
  imageModels: (profileId: string) => [profileId, 'catalog', 'images'] as const,
  videoModels: (profileId: string) => [profileId, 'catalog', 'videos'] as const,
  caches: (profileId: string) => [profileId, 'caches'] as const,
  forwarding: (profileId: string) => [profileId, 'deliveries', 'forwarding'] as const,
  forwardTests: (profileId: string) => [profileId, 'deliveries', 'tests'] as const,
} satisfies Record<string, (profileId: string, ...args: never[]) => readonly unknown[]>

/** What each topic of `data.changed` refreshes: the queries whose keys start so, under a profile or not. */
export const topicKeys: Record<DataTopic, readonly unknown[]> = {
  preferences: queryKeys.preferences(),
  profiles: queryKeys.profiles(),
  videos: queryKeys.videos(),
  deliveries: queryKeys.deliveries(),
  tunnel: queryKeys.tunnel(),
  polling: queryKeys.polling(),
  batches: queryKeys.batches(),
  images: queryKeys.images(),
  caches: ['caches'],
  catalog: ['catalog'],
  conversations: queryKeys.conversations(),
  notices: queryKeys.notices(),
  updates: queryKeys.updates(),
  spend: queryKeys.spend(),
}

export function createQueryClient(): QueryClient {
  // An answer reaches the screens in the task that brought it, not a timer's turn later: a keystroke's rows make
  // the next frame more often.
  notifyManager.setScheduler(queueMicrotask)
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        // The catalog's freshness is main's alone: it answers every read from what it keeps and says when that
        // changed (`data.changed`, catalog), so the page never reads a catalog query again on an age of its own.
        staleTime: ({ queryKey }) => (queryKey[1] === 'catalog' ? Number.POSITIVE_INFINITY : 30_000),
        retry: false,
        refetchOnWindowFocus: false,
      },
    },
  })
  on('data.changed', ({ topics }) => {
    for (const topic of topics) void invalidateTopic(client, topic)
  })
  return client
}

const startsWith = (key: readonly unknown[], prefix: readonly unknown[]) =>
  prefix.every((part, index) => key[index] === part)

/** Refreshes what a topic covers: its own keys, and the same keys under any profile. */
export function invalidateTopic(client: QueryClient, topic: DataTopic): Promise<void> {
  const prefix = topicKeys[topic]
  return client.invalidateQueries({
    predicate: ({ queryKey }) => startsWith(queryKey, prefix) || startsWith(queryKey.slice(1), prefix),
  })
}
