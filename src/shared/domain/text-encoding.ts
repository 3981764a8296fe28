// The text of a file a person brings, read in the encoding it was saved in: UTF-8 (with or without a byte order
// mark), UTF-16 with its byte order mark, or else Windows-1252, the encoding Western European editions of Excel
// and Notepad save in. A file that is none of these is refused by name rather than read as garbled inputs.

/** The encodings a text file is read in, as a person would find them in an editor's "Save as" menu. */
export type TextEncodingName = 'UTF-8' | 'UTF-16 LE' | 'UTF-16 BE' | 'Windows-1252'

export interface DecodedText {
  text: string
  encoding: TextEncodingName
}

const byteOrderMarks: { bytes: number[]; encoding: TextEncodingName; label: string }[] = [
  { bytes: [0xef, 0xbb, 0xbf], encoding: 'UTF-8', label: 'utf-8' },
  { bytes: [0xff, 0xfe], encoding: 'UTF-16 LE', label: 'utf-16le' },
  { bytes: [0xfe, 0xff], encoding: 'UTF-16 BE', label: 'utf-16be' },
]

/** Whether a file's first bytes are the mark of UTF-16 text, either way round. */
export function startsAsUtf16(bytes: Uint8Array): boolean {
  return byteOrderMarks.some(
    (mark) => mark.encoding !== 'UTF-8' && mark.bytes.every((byte, index) => bytes[index] === byte),
  )
}

const notText = (fileName: string) =>
  new Error(
    `${fileName} is not a text file: it holds zero bytes, which text saved as UTF-8 or Windows-1252 never does. Save it as CSV or text (UTF-8) and open it again.`,
  )

/**
 * The text of a file and the encoding it was read in. A byte order mark decides; without one, bytes that are
 * valid UTF-8 are read as UTF-8 and any others as Windows-1252 (of which Latin-1 is a part), since a file that
 * is not UTF-8 is most often one saved by a Western European spreadsheet. Throws, saying why in plain words, for a file with
 * zero bytes and no UTF-16 mark (a binary file, or UTF-16 or UTF-32 whose encoding cannot be told), and for
 * bytes its own byte order mark does not account for.
 */
export function decodeTextFile(fileName: string, bytes: Uint8Array): DecodedText {
  const marked = byteOrderMarks.find((mark) => mark.bytes.every((byte, index) => bytes[index] === byte))
  if (marked) {
    let text: string
    try {
      // The decoder drops the byte order mark itself.
      text = new TextDecoder(marked.label, { fatal: true }).decode(bytes)
    } catch {
      throw new Error(
        `${fileName} starts with the mark of ${marked.encoding} text but holds bytes that are not ${marked.encoding}. Save it again as CSV or text (UTF-8) and open it again.`,
      )
    }
    // UTF-32 begins with the UTF-16 LE mark; read as UTF-16, every character of it is followed by a zero.
    if (text.includes('\0')) throw notText(fileName)
    return { text, encoding: marked.encoding }
  }
  if (bytes.includes(0)) throw notText(fileName)
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'UTF-8' }
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'Windows-1252' }
  }
}
