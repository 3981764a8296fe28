// The tunnel's state for the whole app: off, starting, up with its public URL, or failed with a reason; and
// when an up tunnel drops, the time it did, so the board can say webhooks may have been missed.
import type { TunnelState } from '#shared/ipc/routes/videos'
import type { TunnelProvider } from './providers.ts'

export function createTunnelService(options: { onChange: (state: TunnelState) => void; now?: () => number }) {
  const now = options.now ?? Date.now
  let state: TunnelState = { provider: null, status: 'off', publicUrl: null, reason: null, droppedAt: null }
  let close: (() => Promise<void>) | null = null
  let generation = 0

  const set = (next: Partial<TunnelState>) => {
    state = { ...state, ...next }
    options.onChange(state)
  }

  return {
    state: () => state,
    async start(
      providerId: NonNullable<TunnelState['provider']>,
      provider: TunnelProvider,
      upstream: string,
    ): Promise<TunnelState> {
      await this.stop()
      const mine = ++generation
      set({ provider: providerId, status: 'starting', publicUrl: null, reason: null })
      try {
        const opened = await provider.open(upstream, (reason) => {
          if (mine !== generation) return
          close = null
          set({
            status: 'off',
            publicUrl: null,
            reason: `The tunnel went down: ${reason}.`,
            droppedAt: now(),
          })
        })
        if (mine !== generation) {
          await opened.close()
          return state
        }
        close = opened.close
        set({ status: 'up', publicUrl: opened.publicUrl, reason: null, droppedAt: null })
      } catch (error) {
        if (mine === generation) set({ status: 'failed', publicUrl: null, reason: (error as Error).message })
      }
      return state
    },
    async stop(): Promise<TunnelState> {
      generation++
      const closing = close
      close = null
      if (closing) await closing().catch(() => undefined)
      if (state.status !== 'off' || state.reason)
        set({ status: 'off', publicUrl: null, reason: null, droppedAt: null })
      return state
    },
  }
}
