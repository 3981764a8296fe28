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
  let broken = false
  for (
    let at = headerBytes;
    at + frameHeaderBytes + pageSize <= bytes.byteLength;
    at += frameHeaderBytes + pageSize
  ) {
    const ours = view.getUint32(at + 8) === salt1 && view.getUint32(at + 12) === salt2
    const commit = view.getUint32(at + 4) !== 0
    if (broken) {
      // Frames of this log's generation beyond the break: a commit among them was acknowledged work.
      if (ours && commit) return { kind: 'damaged', reason: 'a committed change follows a damaged frame' }
      continue
    }
    if (!ours) break
    sum = checksum(bytes.subarray(at, at + 8), bigEndian, sum)
    sum = checksum(bytes.subarray(at + frameHeaderBytes, at + frameHeaderBytes + pageSize), bigEndian, sum)
    if (sum[0] !== view.getUint32(at + 16) || sum[1] !== view.getUint32(at + 20)) {
      broken = true
      continue
    }
    frames++
  }
  return { kind: 'intact', frames }
}
