// Binds the contract to Electron: one invoke channel into the dispatcher, one event channel out.
import { BrowserWindow, ipcMain } from 'electron'
import { bridgeChannels } from '#shared/ipc/bridge'
import type { EventBus } from './core/events.ts'
import type { Dispatch } from './core/ipc/dispatcher.ts'

export function bindIpc(dispatch: Dispatch, events: EventBus): () => void {
  ipcMain.handle(bridgeChannels.invoke, (event, route: unknown, input: unknown, callId: unknown) => {
    const frame = event.senderFrame
    return dispatch(
      route,
      input,
      { url: frame?.url ?? '', isTopFrame: frame !== null && frame === event.sender.mainFrame },
      callId,
    )
  })
  const unsubscribe = events.subscribe((name, payload) => {
    for (const window of BrowserWindow.getAllWindows()) {
      if (!window.isDestroyed()) window.webContents.send(bridgeChannels.event, name, payload)
    }
  })
  return () => {
    ipcMain.removeHandler(bridgeChannels.invoke)
    unsubscribe()
  }
}
