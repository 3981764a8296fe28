// A worker for the low-priority test: it lowers itself and says its priority.
import { getPriority } from 'node:os'
import { parentPort } from 'node:worker_threads'
import { lowerThisThread } from '../core/workers/low-priority.ts'

const lowered = lowerThisThread()
parentPort?.postMessage({ lowered, priority: getPriority() })
