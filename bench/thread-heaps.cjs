// Preloaded (--require) into the harness when a benchmark asks for memory by thread: each thread, main and every
// worker, keeps a file in GD_THREAD_HEAPS of its V8 heap, and names each worker it starts by its module, so the
// benchmark can say where the process's resident memory is. A thread that ends removes its file.
const { existsSync, rmSync, writeFileSync } = require('node:fs')
const { join } = require('node:path')
const { getHeapStatistics } = require('node:v8')
const threads = require('node:worker_threads')
const { syncBuiltinESMExports } = require('node:module')

const folder = process.env.GD_THREAD_HEAPS
if (folder && existsSync(folder)) {
  const file = join(folder, `${threads.threadId}.json`)
  const write = () => {
    const heap = getHeapStatistics()
    writeFileSync(file, JSON.stringify({ total: heap.total_heap_size, external: heap.external_memory }))
  }
  write()
  setInterval(write, 250).unref()
  process.on('exit', () => rmSync(file, { force: true }))
  const Started = threads.Worker
  threads.Worker = class extends Started {
    constructor(entry, options) {
      super(entry, options)
      writeFileSync(join(folder, `${this.threadId}.name`), String(entry).split(/[\\/]/).pop())
    }
  }
  syncBuiltinESMExports()
}
