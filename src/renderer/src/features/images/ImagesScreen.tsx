// Images: generate, then edit by drag-and-drop on a canvas, keeping every result and where it came from.
import { EmptyState } from '../../components/EmptyState.tsx'
import { ScreenHeader } from '../../components/ScreenHeader.tsx'

export function ImagesScreen() {
  return (
    <>
      <ScreenHeader title="Images" subtitle="Generate images and edit them on a canvas." />
      <EmptyState
        icon="images"
        title="Your gallery is empty"
        summary="Describe an image to generate it, or drop a PNG or JPEG here to edit it. Every result is kept with its prompt, model and cost."
        steps={[
          'Generate with any image model, several at a time',
          'Drag a result onto the canvas and describe the change',
          'Follow an edit back through its history',
        ]}
      />
    </>
  )
}
