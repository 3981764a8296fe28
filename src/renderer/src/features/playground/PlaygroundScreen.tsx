// Playground: the native protocols (messages, generateContent) and cached contents, with the wire in view.
import { EmptyState } from '../../components/EmptyState.tsx'
import { ScreenHeader } from '../../components/ScreenHeader.tsx'

export function PlaygroundScreen() {
  return (
    <>
      <ScreenHeader
        title="Playground"
        subtitle="Talk to the native protocols and see exactly what goes over the wire."
      />
      <EmptyState
        icon="playground"
        title="No conversations yet"
        summary="Hold a conversation over the messages or generateContent protocol, with tools, images and streaming, and see what a cached context saves."
        steps={[
          'Stream answers and watch the events arrive',
          'Answer tool calls and continue the conversation',
          'Create cached contents and compare the cost per turn',
        ]}
      />
    </>
  )
}
