// Work nobody waits for at that moment (keeping a catalog, the built-in sandbox serving a listing) yields the
// machine's cores to the threads that answer a person. Linux schedules each thread by its own niceness, so a
// worker can lower its own; elsewhere niceness belongs to the whole process, and it is left alone.
import { setPriority } from 'node:os'

/** The lowest priority the system gives, for the calling thread only; false where a thread has none of its own. */
export function lowerThisThread(platform: NodeJS.Platform = process.platform): boolean {
  if (platform !== 'linux') return false
  setPriority(19)
  return true
}
