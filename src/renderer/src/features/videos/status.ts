// Words and tones for job statuses and generation modes.
import type { VideoStatus } from '#shared/api/videos'

export const statusLabel: Record<VideoStatus, string> = {
  pending: 'Pending',
  completed: 'Completed',
  failed: 'Failed',
  cancelled: 'Cancelled',
  expired: 'Expired',
}

export const modeLabel: Record<string, string> = {
  text2video: 'Text to video',
  img2video: 'Image to video',
  img2video_end: 'First and last frame',
  imgref2video: 'Image references',
  mixref2video: 'Mixed references',
}
