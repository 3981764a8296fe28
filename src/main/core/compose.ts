// The composition root: every core service, built once from a Platform. Electron and the e2e harness call
// this same function; only the Platform and the transport differ between them.
import type { HandlersFor } from '#shared/ipc/contract'
import { type Routes, routes } from '#shared/ipc/routes/index'
import { appHandlers } from './app/handlers.ts'
import { openPreferences } from './app/preferences.ts'
import { createEventBus, type EventBus } from './events.ts'
import { createDispatcher, type Dispatch } from './ipc/dispatcher.ts'
import type { Platform } from './platform.ts'
import { profileHandlers } from './profiles/handlers.ts'

export interface Core {
  readonly events: EventBus
  readonly handlers: HandlersFor<Routes>
  /** Binds the contract to a transport that knows which origins serve the app's pages. */
  dispatcher(trustedOrigins: () => readonly string[]): Dispatch
  close(): Promise<void>
}

export interface CoreOptions {
  log?: (message: string, error?: unknown) => void
}

export async function createCore(platform: Platform, options: CoreOptions = {}): Promise<Core> {
  const events = createEventBus()
  const preferences = await openPreferences(platform.paths.userData)
  const handlers: HandlersFor<Routes> = {
    ...appHandlers({ platform, preferences, events }),
    ...profileHandlers(),
  }
  return {
    events,
    handlers,
    dispatcher: (trustedOrigins) =>
      createDispatcher({
        routes,
        handlers,
        trustedOrigins,
        onUnexpectedError: (route, error) => options.log?.(`route ${route} failed`, error),
      }),
    close: async () => {},
  }
}
