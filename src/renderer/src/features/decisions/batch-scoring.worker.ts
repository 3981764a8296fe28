// Scores a batch against its expected answers off the page's thread: a batch of thousands of rows and a thousand
// bootstrap resamples per figure would hold the window for seconds.
import { type ScoringAsk, score } from './batch-scoring.ts'

self.addEventListener('message', (event: MessageEvent<{ id: number; ask: ScoringAsk }>) => {
  const { id, ask } = event.data
  try {
    self.postMessage({ id, evaluation: score(ask) })
  } catch (error) {
    self.postMessage({ id, problem: error instanceof Error ? error.message : String(error) })
  }
})
