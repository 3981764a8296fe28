// For the benchmarks (GATEWAY_DESK_REPORT_BLOCKS=1): prints each time this thread's event loop was held 10 ms or
// more — what an answer to the window waited behind — as `<who> held <ms> ms (cpu <ms> ms) until <epoch ms>`.
// A timer every 2 ms tells when it ran late; the thread's own CPU time over the same stretch tells work (or a
// collection) from waiting for a core or the disk.
export function reportBlocksWhenAsked(who: string): void {
  if (process.env.GATEWAY_DESK_REPORT_BLOCKS !== '1') return
  const every = 2
  let last = performance.now()
  let cpu = process.threadCpuUsage()
  setInterval(() => {
    const now = performance.now()
    const used = process.threadCpuUsage(cpu)
    const held = now - last - every
    if (held >= 10) {
      const cpuMs = (used.user + used.system) / 1000
      console.log(`${who} held ${held.toFixed(1)} ms (cpu ${cpuMs.toFixed(1)} ms) until ${Date.now()}`)
    }
    last = now
    cpu = process.threadCpuUsage()
  }, every).unref()
}
