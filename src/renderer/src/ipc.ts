// The renderer's way to call main: a failed envelope becomes a thrown AppError with its code intact.
import type { EventName, EventPayload } from '#shared/ipc/events'
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
