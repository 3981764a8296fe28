import { getPriority } from 'node:os'
import { join } from 'node:path'
import { Worker } from 'node:worker_threads'
import { describe, expect, it } from 'vitest'
import { lowerThisThread } from './low-priority.ts'

describe('a worker at low priority', () => {
  it('lowers its own thread where the system allows it, never the rest of the process', async () => {
    const before = getPriority()
    const worker = new Worker(join(import.meta.dirname, '..', '..', 'testing', 'low-priority-worker.ts'))
    const said = await new Promise<{ lowered: boolean; priority: number }>((resolve, reject) => {
      worker.once('message', resolve)
      worker.once('error', reject)
    })
    await worker.terminate()
    expect(said).toEqual(
      said.lowered ? { lowered: true, priority: 19 } : { lowered: false, priority: before },
    )
    expect(said.lowered).toBe(process.platform === 'linux')
    expect(getPriority()).toBe(before)
  })

  it('leaves the process alone where priority is the whole process’s', () => {
    const before = getPriority()
    expect(lowerThisThread('darwin')).toBe(false)
    expect(lowerThisThread('win32')).toBe(false)
    expect(getPriority()).toBe(before)
  })
})
