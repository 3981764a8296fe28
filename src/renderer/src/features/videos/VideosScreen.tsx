// Videos: create jobs and watch them on a board, updated by polling and by webhooks.
import { EmptyState } from '../../components/EmptyState.tsx'
import { ScreenHeader } from '../../components/ScreenHeader.tsx'

export function VideosScreen() {
  return (
    <>
      <ScreenHeader title="Videos" subtitle="Video jobs take minutes; the board keeps track of every one." />
      <EmptyState
        icon="videos"
        title="No video jobs yet"
        summary="Create a job from a prompt, frame images or references. The board shows where each job stands and learns the outcome the moment the service does."
        steps={[
          'See the generation mode inferred live as you add inputs',
          'Receive webhooks on this computer, or fall back to polling',
          'Play, download or duplicate any finished job',
        ]}
      />
    </>
  )
}
