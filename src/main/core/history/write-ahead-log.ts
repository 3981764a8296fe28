// Reads SQLite's write-ahead log the way SQLite does when it opens a database (https://sqlite.org/fileformat2.html#walformat),
// to tell a log that lost committed work from a normal one. SQLite replays frames up to the first one whose salt
// or checksum is wrong and silently drops the rest; with `synchronous = FULL` a transaction is on disk once it
// commits, so a valid-looking commit frame after a broken one means acknowledged work would be dropped.

const headerBytes = 32
const frameHeaderBytes = 24

/** SQLite's WAL checksum over 32-bit words, continuing from `s`. */
function checksum(data: Uint8Array, bigEndian: boolean, s: [number, number]): [number, number] {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
  let [s0, s1] = s
  for (let at = 0; at + 8 <= data.byteLength; at += 8) {
    s0 = (s0 + view.getUint32(at, !bigEndian) + s1) >>> 0
    s1 = (s1 + view.getUint32(at + 4, !bigEndian) + s0) >>> 0
  }
  return [s0, s1]
}

export type WalState =
  | { kind: 'empty' }
  | { kind: 'intact'; frames: number }
  | { kind: 'damaged'; reason: string }

export function inspectWriteAheadLog(bytes: Uint8Array): WalState {
  if (bytes.byteLength === 0) return { kind: 'empty' }
  if (bytes.byteLength < headerBytes) return { kind: 'damaged', reason: 'its header is cut short' }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const magic = view.getUint32(0)
  if (magic !== 0x377f0682 && magic !== 0x377f0683)
    return { kind: 'damaged', reason: 'its header is not a log’s' }
  const bigEndian = magic === 0x377f0683
  const pageSize = view.getUint32(8)
  if (pageSize < 512 || pageSize > 65536 || (pageSize & (pageSize - 1)) !== 0)
    return { kind: 'damaged', reason: 'its page size is impossible' }
  const [h0, h1] = checksum(bytes.subarray(0, 24), bigEndian, [0, 0])
  if (h0 !== view.getUint32(24) || h1 !== view.getUint32(28))
    return { kind: 'damaged', reason: 'its header checksum does not match' }
  const salt1 = view.getUint32(16)
  const salt2 = view.getUint32(20)

  let sum: [number, number] = [h0, h1]
  let frames = 0
  let blank = 0
  let broken = false
  for (
    let at = headerBytes;
    at + frameHeaderBytes + pageSize <= bytes.byteLength;
    at += frameHeaderBytes + pageSize
  ) {
    const firstSalt = view.getUint32(at + 8) === salt1
    const secondSalt = view.getUint32(at + 12) === salt2
    // SQLite starts each round of the log with the first salt one higher and a new random second salt, so a
    // frame of an earlier round matches neither; one that matches only one was changed after it was written.
    if (firstSalt !== secondSalt) return { kind: 'damaged', reason: 'a frame’s salt does not match its log' }
    const ours = firstSalt && secondSalt
    const commit = view.getUint32(at + 4) !== 0
    if (bytes.subarray(at, at + frameHeaderBytes).every((byte) => byte === 0)) blank++
    if (broken) {
      // Frames of this log's generation beyond the break: a commit among them was acknowledged work.
      if (ours && commit) return { kind: 'damaged', reason: 'a committed change follows a damaged frame' }
      continue
    }
    if (!ours) {
      broken = true
      continue
    }
    sum = checksum(bytes.subarray(at, at + 8), bigEndian, sum)
    sum = checksum(bytes.subarray(at + frameHeaderBytes, at + frameHeaderBytes + pageSize), bigEndian, sum)
    if (sum[0] !== view.getUint32(at + 16) || sum[1] !== view.getUint32(at + 20)) {
      broken = true
      continue
    }
    frames++
  }
  // SQLite never writes a blank frame: a log whose frames are all blank was wiped after it was written, and
  // what it held cannot be told. (Blank frames after valid ones are a last transaction the power cut.)
  if (frames === 0 && blank > 0) return { kind: 'damaged', reason: 'its frames are blank' }
  return { kind: 'intact', frames }
}
