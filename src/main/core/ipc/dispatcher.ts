// Turns one bridge call into one handler call: checks the sender, validates the input with the route's
// schema, runs the handler, checks its answer (unless the data worker did as it made it) and wraps the outcome
// in the envelope. Shared by Electron's ipcMain and the harness's WebSocket, so both transports refuse and
// report exactly alike.
import type { z } from 'zod'
import { AppError, type AppErrorShape, appErrorCodes, unexpectedError } from '#shared/ipc/app-error'
import type { CallContext, HandlersFor, RouteMap } from '#shared/ipc/contract'
import type { Envelope } from '#shared/ipc/envelope'
import type { RequestRegistry } from '../requests.ts'
import type { Redaction } from '../secrets/redaction.ts'

export interface Sender {
  /** URL of the frame that sent the call. */
  url: string
  /** Whether it is the window's top frame (iframes never get to call). */
  isTopFrame: boolean
}

export interface DispatcherOptions<M extends RouteMap> {
  routes: M
  handlers: HandlersFor<M>
  /** Origins the app's pages are served from, e.g. `app://gateway-desk`. */
  trustedOrigins: () => readonly string[]
  onUnexpectedError?: (route: string, error: unknown) => void
  /** Takes secrets out of what goes back: every one the app holds from results, and credential shapes from errors too. */
  redaction?: Redaction
  /** Where a call named by the page is kept while it runs, so that `requests.cancel` can abort its signal. */
  requests?: RequestRegistry
}

/** `callId`, when the page gives one, names the call for `requests.cancel` (the page stopped waiting). */
export type Dispatch = (
  route: unknown,
  input: unknown,
  sender: Sender,
  callId?: unknown,
) => Promise<Envelope<unknown>>

export function originOf(url: string): string | null {
  try {
    const parsed = new URL(url)
    // Custom schemes report origin "null"; rebuild it from scheme and host.
    return parsed.origin === 'null' ? `${parsed.protocol}//${parsed.host}` : parsed.origin
  } catch {
    return null
  }
}

export function isTrustedSender(sender: Sender, trustedOrigins: readonly string[]): boolean {
  const origin = originOf(sender.url)
  return sender.isTopFrame && origin !== null && trustedOrigins.includes(origin)
}

export function createDispatcher<M extends RouteMap>(options: DispatcherOptions<M>): Dispatch {
  const { routes, handlers, redaction } = options
  const failed = (error: AppErrorShape): Envelope<unknown> => ({
    ok: false,
    error: redaction ? redaction.value(error, true) : error,
  })
  const unnamed = new AbortController().signal
  return async (name, input, sender, callId) => {
    try {
      if (!isTrustedSender(sender, options.trustedOrigins())) {
        throw new AppError({
          code: appErrorCodes.untrustedSender,
          message: 'This request did not come from the app.',
        })
      }
      if (typeof name !== 'string' || !Object.hasOwn(routes, name)) {
        throw new AppError({
          code: appErrorCodes.unknownRoute,
          message: `Unknown route: ${String(name).slice(0, 80)}`,
        })
      }
      const route = routes[name]!
      const parsed = route.input.safeParse(input)
      if (!parsed.success) throw validationError(parsed.error)
      const handler = handlers[name] as (input: unknown, call: CallContext) => unknown
      const named = typeof callId === 'string' && callId.length > 0 && callId.length <= 100
      const answer =
        named && options.requests
          ? await options.requests.run(callId, async (signal) => handler(parsed.data, { signal }))
          : await handler(parsed.data, { signal: unnamed })
      const data = route.checkedIn === 'data worker' ? answer : route.output.parse(answer)
      return { ok: true, data: redaction ? redaction.value(data, false) : data }
    } catch (error) {
      if (error instanceof AppError) return failed(error.toShape())
      options.onUnexpectedError?.(String(name), error)
      return failed(unexpectedError)
    }
  }
}

export function validationError(error: z.ZodError): AppError {
  const first = error.issues[0]
  const path = first?.path.filter((p): p is string | number => typeof p !== 'symbol') ?? []
  const where = path.length > 0 ? `${path.join('.')}: ` : ''
  return new AppError({
    code: appErrorCodes.validation,
    message: `${where}${first?.message ?? 'invalid input'}`,
    path,
  })
}
