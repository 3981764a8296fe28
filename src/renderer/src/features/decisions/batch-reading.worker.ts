// The batch reader's worker: opens and parses batch inputs off the page's thread, so that a file of thousands of
// rows never holds the window. Each ask comes with a number its answer carries back.
import { answerBatchReading, type BatchReadingAsk, type BatchReadingReply } from './batch-reading.ts'

self.addEventListener('message', (event: MessageEvent<{ id: number; ask: BatchReadingAsk }>) => {
  const { id, ask } = event.data
  answerBatchReading(ask).then(
    (answer) => self.postMessage({ id, answer } satisfies BatchReadingReply),
    (error: unknown) =>
      self.postMessage({
        id,
        problem: error instanceof Error ? error.message : String(error),
      } satisfies BatchReadingReply),
  )
})
