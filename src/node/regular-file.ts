// A file the app or the command line was handed, read for what it claims: opened without blocking (a pipe named
// like a file never holds a thread waiting for a writer), refused unless a regular file, its size checked before
// anything is read, and read up to that size and no further, whatever the file does meanwhile.
import { constants } from 'node:fs'
import { open } from 'node:fs/promises'
import { basename } from 'node:path'

/** The bytes of the file at `path`; `sizeProblem` says why a size is refused (null: it is not). */
export async function readRegularFile(
  path: string,
  sizeProblem: (size: number) => string | null,
): Promise<Buffer> {
  const name = basename(path)
  const file = await open(path, constants.O_RDONLY | constants.O_NONBLOCK).catch(
    (error: NodeJS.ErrnoException) => {
      throw new Error(
        error.code === 'ENOENT' ? `${name} does not exist.` : `${name} could not be opened (${error.code}).`,
      )
    },
  )
  try {
    const info = await file.stat()
    if (!info.isFile()) throw new Error(`${name} is not a file.`)
    const problem = sizeProblem(info.size)
    if (problem) throw new Error(problem)
    const buffer = Buffer.alloc(info.size)
    // A read may give fewer bytes than asked (a network or FUSE mount): read on until the size or the file's end.
    let read = 0
    while (read < info.size) {
      const { bytesRead } = await file.read(buffer, read, info.size - read, read)
      if (bytesRead === 0) break
      read += bytesRead
    }
    return buffer.subarray(0, read)
  } finally {
    await file.close()
  }
}
