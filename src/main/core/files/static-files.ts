// Maps a URL path to a file inside a folder, refusing anything that would step outside it.
import { join, normalize, sep } from 'node:path'

export function resolveStaticFile(folder: string, urlPath: string): string | null {
  let relative: string
  try {
    relative = decodeURIComponent(urlPath === '/' ? '/index.html' : urlPath)
  } catch {
    return null
  }
  if (relative.includes('\0')) return null
  const root = normalize(folder + sep)
  const file = normalize(join(root, relative))
  return file.startsWith(root) ? file : null
}
