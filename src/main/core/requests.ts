// Long calls the renderer may cancel (an image generation, a stream), by the request id it chose.
import { AppError } from '#shared/ipc/app-error'

export function createRequestRegistry() {
  const running = new Map<string, AbortController>()
  return {
    /** Runs `work` with a signal that `cancel(requestId)` aborts. */
    async run<T>(requestId: string | undefined, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
      const controller = new AbortController()
      if (requestId) {
        if (running.has(requestId))
          throw new AppError({ code: 'validation_failed', message: 'That request id is already running.' })
        running.set(requestId, controller)
      }
      try {
        return await work(controller.signal)
      } finally {
        if (requestId) running.delete(requestId)
      }
    },
    cancel(requestId: string): boolean {
      const controller = running.get(requestId)
      controller?.abort()
      return controller !== undefined
    },
    cancelAll(): void {
      for (const controller of running.values()) controller.abort()
    },
  }
}

export type RequestRegistry = ReturnType<typeof createRequestRegistry>
