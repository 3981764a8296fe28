// What a webhook delivery of document 2 §6 is made of: the envelope around a task, its idempotency key, and the
// task a test delivery carries for an event the person picks. The service (the sandbox) and the app's test
// deliveries build bodies here, so a receiver cannot tell a test delivery's shape from a real one.
import { type VideoTask, webhookEvents } from '../api/videos.ts'

export type TerminalStatus = keyof typeof webhookEvents
export const terminalStatuses = Object.keys(webhookEvents) as TerminalStatus[]

/** The terminal status an event name stands for (`video.generation.completed` or plain `completed`). */
export function statusOfEvent(event: string): TerminalStatus | null {
  const short = event.replace(/^video\.(generation\.)?/, '')
  return (terminalStatuses as string[]).includes(short) ? (short as TerminalStatus) : null
}

export const idempotencyKeyOf = (task: Pick<VideoTask, 'id' | 'status'>) => `${task.id}-${task.status}`

/** The body the service sends for a task that reached a terminal state; `now` in milliseconds. */
export function webhookBody(task: VideoTask, now: number): string {
  const status = task.status as TerminalStatus
  return JSON.stringify({
    event: webhookEvents[status],
    id: task.id,
    created_at: Math.floor(now / 1000),
    data: task,
  })
}

/**
 * The task a test delivery carries: the job's own task moved to `status`, or a made-up job's. A completed task
 * has a result link and usage; the others have neither, as the service reports them.
 */
export function testTask(
  status: TerminalStatus,
  job: { id: string; model: string; prompt: string; createdAt: number } | null,
  now: number,
  newId: () => string,
): VideoTask {
  const seconds = (ms: number) => Math.floor(ms / 1000)
  const id = job?.id ?? newId()
  const completed = status === 'completed'
  return {
    id,
    status,
    model: job?.model ?? 'sandbox/test-video',
    prompt: job?.prompt ?? 'A test delivery from Gateway Desk',
    unsigned_urls: completed ? [`https://example.com/videos/${id}.mp4`] : [],
    mirror_urls: [],
    usage: completed ? { video_seconds: 5, video_cost: '0.50' } : null,
    created_at: seconds(job?.createdAt ?? now),
    updated_at: seconds(now),
  }
}
