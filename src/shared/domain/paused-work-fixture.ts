// For tests of work that pauses (a generator run a slice at a time): runs it to its end, counting the pauses.

export function pausesOf<T>(work: Generator<void, T>): { value: T; pauses: number } {
  let pauses = 0
  for (;;) {
    const step = work.next()
    if (step.done) return { value: step.value, pauses }
    pauses++
  }
}
