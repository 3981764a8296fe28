// Models: the whole catalog in one view, with prices made concrete.
import { EmptyState } from '../../components/EmptyState.tsx'
import { ScreenHeader } from '../../components/ScreenHeader.tsx'

export function ModelsScreen() {
  return (
    <>
      <ScreenHeader title="Models" subtitle="Every model on the service, what it can do and what it costs." />
      <EmptyState
        icon="models"
        title="The catalog has not been loaded"
        summary="Browse every model with prices per million tokens, filter by what it reads and writes, and work out the cost of your own workload."
        steps={[
          'Sort and filter by provider, modality, context or price',
          'Compare up to four models side by side',
          'See what changed since you last looked',
        ]}
      />
    </>
  )
}
