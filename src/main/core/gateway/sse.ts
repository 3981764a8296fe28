// Server-sent events from a fetch body: `event:` and `data:` fields per the EventSource rules, any line ending.
export interface ServerSentEvent {
  event: string | undefined
  data: string
}

export async function* readServerSentEvents(
  body: ReadableStream<Uint8Array>,
): AsyncGenerator<ServerSentEvent> {
  const decoder = new TextDecoder()
  let buffer = ''
  let event: string | undefined
  let data: string[] = []
  const flush = (): ServerSentEvent | null => {
    const ready = data.length > 0 ? { event, data: data.join('\n') } : null
    event = undefined
    data = []
    return ready
  }
  for await (const chunk of body) {
    buffer += decoder.decode(chunk, { stream: true })
    const lines = buffer.split(/\r\n|\r|\n/)
    // A trailing "\r" may be the first half of "\r\n": keep it for the next chunk.
    buffer = buffer.endsWith('\r') ? `${lines.pop() ?? ''}\r` : (lines.pop() ?? '')
    for (const line of lines) {
      if (line === '') {
        const ready = flush()
        if (ready) yield ready
      } else if (!line.startsWith(':')) {
        const colon = line.indexOf(':')
        const field = colon === -1 ? line : line.slice(0, colon)
        const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '')
        if (field === 'event') event = value
        else if (field === 'data') data.push(value)
      }
    }
  }
  buffer = buffer.replace(/\r$/, '')
  if (buffer) {
    const colon = buffer.indexOf(':')
    if (buffer.slice(0, colon) === 'data') data.push(buffer.slice(colon + 1).replace(/^ /, ''))
  }
  const last = flush()
  if (last) yield last
}
