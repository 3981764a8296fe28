// Where the app stands with its next version: read by the status bar, the palette and Settings.
import { useQuery } from '@tanstack/react-query'
import { invoke, queryKeys } from './ipc.ts'

export const useUpdates = () =>
  useQuery({ queryKey: queryKeys.updates(), queryFn: () => invoke('updates.state', {}) })
