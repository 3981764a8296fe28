// Files a request carries inline (an image, audio or video as base64 in its JSON: generateContent's inlineData, a
// message's base64 source, a data: URL). A view shows each as its type and size, and a snippet reads it from a
// file beside the program, never pages of base64.

export interface InlineFile {
  /** A name for it beside the program: file-1.png. */
  name: string
  mimeType: string
  bytes: number
  /** Sent as a whole data: URL, not base64 alone. */
  asDataUrl: boolean
}

/** Base64 this long is a file, not a value a person typed. */
const fileLength = 256
const base64 = /^[A-Za-z0-9+/]+={0,2}$/
const dataUrl = /^data:([\w.+-]+\/[\w.+-]+);base64,([A-Za-z0-9+/]+={0,2})$/

const extensionOf = (mimeType: string) =>
  ({ 'image/jpeg': 'jpg', 'audio/mpeg': 'mp3', 'video/quicktime': 'mov' })[mimeType] ??
  mimeType.split('/')[1]?.replace(/[^a-z0-9]/g, '') ??
  'bin'

const bytesOf = (encoded: string) =>
  Math.floor((encoded.length * 3) / 4) - (encoded.match(/=+$/)?.[0].length ?? 0)

/** `value` with every inline file in it replaced by what `mark` makes of it. */
export function replaceInlineFiles(value: unknown, mark: (file: InlineFile) => unknown): unknown {
  let count = 0
  const file = (mimeType: string, encoded: string, asDataUrl: boolean) =>
    mark({ name: `file-${++count}.${extensionOf(mimeType)}`, mimeType, bytes: bytesOf(encoded), asDataUrl })
  const walk = (item: unknown, siblings: Record<string, unknown> | null, key: string | null): unknown => {
    if (typeof item === 'string') {
      const url = item.length > fileLength ? dataUrl.exec(item) : null
      if (url?.[1] && url[2]) return file(url[1], url[2], true)
      const mimeType = siblings?.mimeType ?? siblings?.mime_type ?? siblings?.media_type
      if (key === 'data' && typeof mimeType === 'string' && item.length > fileLength && base64.test(item))
        return file(mimeType, item, false)
      return item
    }
    if (Array.isArray(item)) return item.map((entry) => walk(entry, null, null))
    if (item && typeof item === 'object') {
      const record = item as Record<string, unknown>
      return Object.fromEntries(
        Object.entries(record).map(([name, entry]) => [name, walk(entry, record, name)]),
      )
    }
    return item
  }
  return walk(value, null, null)
}

const sizeOf = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MiB`
    : `${Math.max(1, Math.round(bytes / 1024))} KiB`

/** A request's JSON to read: each inline file as its type and size. */
export const shownInline = (value: unknown): unknown =>
  replaceInlineFiles(value, (file) => `‹${file.mimeType}, ${sizeOf(file.bytes)} inline›`)
