// What the tray's menu says (a menu-bar item on macOS): the jobs running, those that ended since the window was
// last looked at, where webhooks are received, Open and Quit. Plain data, so it is tested without a tray; the
// shell turns each item into a menu item.
import type { ReceiverState, TunnelState } from '#shared/ipc/routes/videos'
import type { VideoJobRow } from '../history/video-jobs.ts'

export type TrayItem =
  | { kind: 'text'; label: string }
  | { kind: 'open'; label: string; path: string }
  | { kind: 'separator' }
  | { kind: 'window'; label: string }
  | { kind: 'quit'; label: string }

export interface TrayState {
  running: { jobs: VideoJobRow[]; count: number }
  ended: { jobs: VideoJobRow[]; count: number }
  receiver: ReceiverState
  tunnel: TunnelState
  /** What the active profile spent since midnight, in USD. */
  spentToday: string
}

const shown = 5
const short = (text: string) => (text.length > 48 ? `${text.slice(0, 47)}…` : text)
const endedWord = {
  completed: 'Ready',
  failed: 'Failed',
  cancelled: 'Cancelled',
  expired: 'Expired',
  pending: '',
}

export function trayMenu(state: TrayState): TrayItem[] {
  const { running, ended, receiver, tunnel, spentToday } = state
  const jobs = (rows: VideoJobRow[], word: (row: VideoJobRow) => string): TrayItem[] =>
    rows.slice(0, shown).map((row) => ({
      kind: 'open',
      label: `${word(row)}: ${short(row.prompt)}`,
      path: `/videos?job=${row.id}`,
    }))
  const more = (count: number): TrayItem[] =>
    count > shown ? [{ kind: 'open', label: `${count - shown} more…`, path: '/videos' }] : []
  return [
    {
      kind: 'text',
      label: running.count
        ? `${running.count} video job${running.count === 1 ? '' : 's'} running`
        : 'No video job running',
    },
    ...jobs(running.jobs, () => 'Running'),
    ...more(running.count),
    ...(ended.count
      ? [
          { kind: 'separator' } as const,
          { kind: 'text', label: `Finished since you last looked: ${ended.count}` } as const,
          ...jobs(ended.jobs, (row) => endedWord[row.status]),
          ...more(ended.count),
        ]
      : []),
    { kind: 'separator' },
    { kind: 'text', label: `Spent today: $${spentToday}` },
    {
      kind: 'text',
      label: receiver.running
        ? `Receiving webhooks on port ${receiver.port}`
        : 'Webhook receiver not running',
    },
    {
      kind: 'text',
      label:
        tunnel.status === 'up'
          ? `Tunnel up: ${tunnel.publicUrl}`
          : tunnel.status === 'failed'
            ? 'Tunnel failed'
            : 'No tunnel',
    },
    { kind: 'separator' },
    { kind: 'window', label: 'Open Gateway Desk' },
    { kind: 'quit', label: 'Quit' },
  ]
}
