// The batch reader: opens files of batch inputs and parses what the batch view holds in a worker, so that
// thousands of rows never hold the window; where the page has no workers (unit tests) the same work runs on its
// thread. A text is parsed once at a time: while one is read, only the latest text asked for waits.
import { useEffect, useRef, useState } from 'react'
import type { BatchSource } from '#shared/domain/batch-inputs'
import {
  answerBatchReading,
  type BatchReadingAnswer,
  type BatchReadingAsk,
  type BatchReadingReply,
  type OpenedBatchFile,
  type ParsedBatchText,
} from './batch-reading.ts'

export interface BatchReader {
  ask<Ask extends BatchReadingAsk>(ask: Ask): Promise<BatchReadingAnswer<Ask>>
  /** Stops the worker; what it was asked and has not answered is never answered. */
  close(): void
}

export function startBatchReader(): BatchReader {
  if (typeof Worker === 'undefined') return { ask: answerBatchReading, close() {} }
  const worker = new Worker(new URL('./batch-reading.worker.ts', import.meta.url), { type: 'module' })
  const waiting = new Map<number, { resolve(answer: unknown): void; reject(error: Error): void }>()
  let next = 0
  const failAll = (why: string) => {
    for (const waiter of waiting.values())
      waiter.reject(new Error(`The batch inputs could not be read: ${why}.`))
    waiting.clear()
  }
  worker.addEventListener('message', ({ data: reply }: MessageEvent<BatchReadingReply>) => {
    const waiter = waiting.get(reply.id)
    waiting.delete(reply.id)
    if ('problem' in reply) waiter?.reject(new Error(reply.problem))
    else waiter?.resolve(reply.answer)
  })
  worker.addEventListener('error', (event) => failAll(event.message || 'the reader stopped'))
  worker.addEventListener('messageerror', () => failAll('the reader’s answer did not arrive whole'))
  return {
    ask<Ask extends BatchReadingAsk>(ask: Ask) {
      const id = next++
      return new Promise<BatchReadingAnswer<Ask>>((resolve, reject) => {
        waiting.set(id, { resolve: resolve as (answer: unknown) => void, reject })
        worker.postMessage({ id, ask })
      })
    },
    close() {
      worker.terminate()
      waiting.clear()
    },
  }
}

/** A file of batch inputs as text, refused with a plain message when it is too big or not text. */
export async function openBatchFile(file: File): Promise<OpenedBatchFile> {
  const reader = startBatchReader()
  try {
    return await reader.ask({ kind: 'open', file })
  } finally {
    reader.close()
  }
}

type ParseAsk = Extract<BatchReadingAsk, { kind: 'parse' }>

export interface BatchReading {
  /** The latest text parsed, with what was asked; while a newer text is read, the one before. */
  read: (ParsedBatchText & { of: ParseAsk }) | null
  /** Whether `read` is of the text, source and column the view holds now. */
  current: boolean
  /** Why the text could not be parsed (the reader failed), or null. */
  problem: string | null
}

/** Parses what the view holds whenever it changes, keeping the last result until the next arrives. */
export function useBatchReading(
  source: BatchSource,
  text: string,
  chosenColumn: number | null,
): BatchReading {
  const [read, setRead] = useState<BatchReading['read']>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const parsing = useRef<ReturnType<typeof startParsing> | null>(null)
  useEffect(() => {
    const started = startParsing((answer) => {
      setRead(answer)
      setProblem(null)
    }, setProblem)
    parsing.current = started
    return () => started.close()
  }, [])
  useEffect(() => {
    parsing.current?.want({ kind: 'parse', source, text, chosenColumn })
  }, [source, text, chosenColumn])
  const current =
    read !== null &&
    read.of.text === text &&
    read.of.source === source &&
    read.of.chosenColumn === chosenColumn
  return { read, current, problem }
}

/** One parse at a time: what is asked meanwhile waits, and only the latest ask is parsed next. */
function startParsing(
  onRead: (read: ParsedBatchText & { of: ParseAsk }) => void,
  onProblem: (problem: string) => void,
) {
  const reader = startBatchReader()
  let wanted: ParseAsk | null = null
  let busy = false
  let closed = false
  const readNext = () => {
    const ask = wanted
    if (!ask || busy || closed) return
    wanted = null
    busy = true
    reader
      .ask(ask)
      .then(
        (answer) => {
          if (!closed) onRead({ ...answer, of: ask })
        },
        (error: Error) => {
          if (!closed) onProblem(error.message)
        },
      )
      .finally(() => {
        busy = false
        readNext()
      })
  }
  return {
    want(ask: ParseAsk) {
      wanted = ask
      readNext()
    },
    close() {
      closed = true
      reader.close()
    },
  }
}
