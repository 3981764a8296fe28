// Server-sent events from a fetch body, read by eventsource-parser (the EventSource rules: any line ending,
// split anywhere across chunks, comments and unknown fields ignored).
import { createParser } from 'eventsource-parser'

export interface ServerSentEvent {
  event: string | undefined
  data: string
}

export async function* readServerSentEvents(
  body: ReadableStream<Uint8Array>,
): AsyncGenerator<ServerSentEvent> {
  const decoder = new TextDecoder()
  const ready: ServerSentEvent[] = []
  const parser = createParser({ onEvent: ({ event, data }) => void ready.push({ event, data }) })
  for await (const chunk of body) {
    parser.feed(decoder.decode(chunk, { stream: true }))
    yield* ready.splice(0)
  }
  // A last event the service did not end with a blank line still counts (an EventSource would drop it).
  parser.feed(`${decoder.decode()}\n\n`)
  yield* ready.splice(0)
}
