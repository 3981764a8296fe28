// For the benchmarks (GATEWAY_DESK_REPORT_BLOCKS=1): prints each time this thread's event loop was held 10 ms or
// more — what an answer to the window waited behind — as `<who> held <ms> ms until <epoch ms>`. A timer every
// 2 ms tells when it ran late.
export function reportBlocksWhenAsked(who: string): void {
  if (process.env.GATEWAY_DESK_REPORT_BLOCKS !== '1') return
  const every = 2
  let last = performance.now()
  setInterval(() => {
    const now = performance.now()
    const held = now - last - every
    if (held >= 10) console.log(`${who} held ${held.toFixed(1)} ms until ${Date.now()}`)
    last = now
  }, every).unref()
}
