// A result video as long as the job was billed for. The sample is one fragmented MP4 with a fragment per
// second (see docs/sandbox.md), so an n-second clip is the file up to the end of its nth fragment: players
// read that prefix as an n-second video, and nothing is re-encoded.
import { readFile } from 'node:fs/promises'

const lengths = new Map<string, Promise<number[]>>()

/** The byte length of the first `seconds` fragments of the sample at `path` (the whole file when it has fewer). */
export async function clipLength(path: string, seconds: number): Promise<number> {
  let ends = lengths.get(path)
  if (!ends) {
    ends = readFile(path).then(fragmentEnds)
    lengths.set(path, ends)
  }
  const all = await ends
  return all[Math.max(1, Math.min(Math.round(seconds), all.length)) - 1] ?? 0
}

/** Where each fragment (a `moof` and its data) ends; a file that is not fragmented is one fragment. */
function fragmentEnds(file: Buffer): number[] {
  const moofs: number[] = []
  let tail = file.length
  for (let at = 0; at + 8 <= file.length; ) {
    const small = file.readUInt32BE(at)
    const size = small === 1 && at + 16 <= file.length ? Number(file.readBigUInt64BE(at + 8)) : small
    const type = file.toString('latin1', at + 4, at + 8)
    if (type === 'moof') moofs.push(at)
    // The random-access index at the end describes the whole file; a prefix leaves it out.
    if (type === 'mfra') tail = at
    if (size < 8) break
    at += size
  }
  if (moofs.length === 0) return [file.length]
  return [...moofs.slice(1), tail]
}
