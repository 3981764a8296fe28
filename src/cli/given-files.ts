// A file a command was given (a report, a shard's, results to merge), read as text for what it claims: a regular
// file of at most `most` bytes, never waited on (see readRegularFile). What does not read is a usage error.
import { readRegularFile } from '../node/regular-file.ts'
import { usageError } from './output.ts'

export async function readGivenFile(path: string, most: number, tooBig: string): Promise<string> {
  const bytes = await readRegularFile(path, (size) => (size > most ? tooBig : null)).catch((error: Error) => {
    throw usageError(error.message)
  })
  return bytes.toString('utf8')
}
