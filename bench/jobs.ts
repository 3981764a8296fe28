// A history of video jobs for the benchmarks, with prompts as varied as people's: a subject, what it does,
// where, and a style, so the prompt index is exercised as on a real history.
import { openHistory } from '#core/history/history'
import { videoStatuses } from '#shared/api/videos'

const subjects = ['lighthouse keeper', 'stray cat', 'red kite', 'night train', 'paper boat', 'old fisherman']
const actions = ['walks slowly', 'turns around', 'waits in the rain', 'runs', 'looks at the sea', 'sleeps']
const places = [
  'on a cliff',
  'in a harbour',
  'under a bridge',
  'at dawn in the city',
  'by a lake',
  'in the snow',
]
const styles = ['cinematic', 'watercolour', 'documentary', 'noir', 'stop motion', 'anime']

/** The prompt of the `i`th job: 1,296 combinations, numbered so each prompt is its own. */
export const promptOf = (i: number) =>
  `A ${subjects[i % 6]} ${actions[Math.floor(i / 6) % 6]} ${places[Math.floor(i / 36) % 6]}, ${styles[Math.floor(i / 216) % 6]} style, take ${i}`

/** Writes `total` jobs into the history in `folder`, newest last, one minute apart, ending now. */
export function seedJobs(folder: string, total: number): { insertsPerSecond: number } {
  const history = openHistory(folder)
  const now = Date.now()
  const started = performance.now()
  for (let offset = 0; offset < total; offset += 5000) {
    history.transaction(() => {
      for (let i = offset; i < Math.min(total, offset + 5000); i++) {
        const status = videoStatuses[i % videoStatuses.length]!
        const at = now - (total - i) * 60_000
        history.videoJobs.insert({
          id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
          profileId: 'sandbox',
          model: i % 3 ? 'orbit/motion-2' : 'lumen/clip-1',
          prompt: promptOf(i),
          mode: i % 4 ? 'text2video' : 'img2video',
          status,
          requestJson: '{}',
          taskJson: null,
          videoSeconds: status === 'completed' ? 5 : null,
          videoCost: status === 'completed' ? '0.25' : null,
          mediaId: null,
          createdAt: at,
          updatedAt: at,
        })
      }
    })
  }
  const seconds = (performance.now() - started) / 1000
  history.close()
  return { insertsPerSecond: total / seconds }
}
