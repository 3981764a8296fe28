// The page's global surface: only the bridge the preload (or the harness) defines.
import type { Bridge } from '#shared/ipc/bridge'

declare global {
  interface Window {
    readonly bridge: Bridge
  }
}
