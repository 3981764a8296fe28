// The event stream reader against recorded streams of each protocol, split at every byte and with every line
// ending: the events read never depend on where the network cut the bytes.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { readServerSentEvents, type ServerSentEvent } from './sse.ts'

const recorded: Record<string, string> = {
  messages: [
    'event: message_start',
    'data: {"type":"message_start","message":{"id":"msg_1","role":"assistant","content":[]}}',
    '',
    'event: content_block_delta',
    'data: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Hé"}}',
    '',
    ': keep-alive',
    '',
    'event: message_stop',
    'data: {"type":"message_stop"}',
    '',
    '',
  ].join('\n'),
  generateContent: [
    'data: {"candidates":[{"content":{"parts":[{"text":"Un"}],"role":"model"}}]}',
    '',
    'data: {"candidates":[{"content":{"parts":[{"text":"deux ✓"}],"role":"model"}}],',
    'data: "usageMetadata":{"totalTokenCount":9}}',
    '',
    '',
  ].join('\n'),
}

const streamOf = (bytes: Uint8Array, cuts: number[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      let from = 0
      for (const cut of [...cuts, bytes.length]) {
        controller.enqueue(bytes.subarray(from, cut))
        from = cut
      }
      controller.close()
    },
  })

async function read(stream: ReadableStream<Uint8Array>): Promise<ServerSentEvent[]> {
  const events: ServerSentEvent[] = []
  for await (const event of readServerSentEvents(stream)) events.push(event)
  return events
}

describe('reading server-sent events', () => {
  for (const [protocol, text] of Object.entries(recorded)) {
    for (const ending of ['\n', '\r\n', '\r']) {
      const bytes = new TextEncoder().encode(text.replaceAll('\n', ending))
      it(`${protocol}, lines ending ${JSON.stringify(ending)}: the same events wherever the bytes are cut`, async () => {
        const whole = await read(streamOf(bytes, []))
        expect(whole.length).toBeGreaterThan(1)
        for (let cut = 1; cut < bytes.length; cut++) expect(await read(streamOf(bytes, [cut]))).toEqual(whole)
        await fc.assert(
          fc.asyncProperty(
            fc.uniqueArray(fc.integer({ min: 1, max: bytes.length - 1 }), { maxLength: 12 }),
            async (cuts) => {
              expect(
                await read(
                  streamOf(
                    bytes,
                    cuts.sort((a, b) => a - b),
                  ),
                ),
              ).toEqual(whole)
            },
          ),
          { numRuns: 200 },
        )
      })
    }
  }

  it('joins multi-line data, keeps the event name, and reads a last event left without a blank line', async () => {
    const bytes = new TextEncoder().encode('event: a\ndata: 1\ndata: 2\n\ndata: last')
    expect(await read(streamOf(bytes, []))).toEqual([
      { event: 'a', data: '1\n2' },
      { event: undefined, data: 'last' },
    ])
  })
})
