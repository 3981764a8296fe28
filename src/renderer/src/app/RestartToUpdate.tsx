// "Restart to update" once a new version is downloaded and verified: in the status bar and the palette. While a
// batch runs, the app's own dialog asks first.
import { useMutation } from '@tanstack/react-query'
import { AppError } from '#shared/ipc/app-error'
import { useCommands } from '../commands.ts'
import { useConfirm } from '../components/ConfirmDialog.tsx'
import { invoke } from '../ipc.ts'
import { useUpdates } from '../updates.ts'

export function RestartToUpdate() {
  const updates = useUpdates()
  const [confirmation, confirm] = useConfirm()
  const install = useMutation({
    mutationFn: async () => {
      try {
        return await invoke('updates.install', {})
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== 'batch_running') throw error
        if (!(await confirm(error.message, 'Restart anyway'))) return { installing: false }
        return invoke('updates.install', { evenDuringBatch: true })
      }
    },
  })
  const ready = updates.data?.status === 'ready'
  useCommands({ 'app.restartToUpdate': { run: () => install.mutate(), when: () => ready } })
  if (!ready) return confirmation
  return (
    <>
      {confirmation}
      <button
        type="button"
        className="button button--small button--primary status-bar__update"
        onClick={() => install.mutate()}
        disabled={install.isPending}
        title={install.error ? install.error.message : undefined}
      >
        Restart to update to {updates.data?.available}
      </button>
    </>
  )
}
