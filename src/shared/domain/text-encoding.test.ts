// Files as other programs save them: UTF-8 with and without a mark, UTF-16 either way round, Windows-1252 from a
// Western European spreadsheet, and files that are not text at all.
import { describe, expect, it } from 'vitest'
import { decodeTextFile, startsAsUtf16 } from './text-encoding.ts'

const csv = 'id,text\n1,café au lait\n2,naïve façade\n'

/** The text as UTF-16 in either byte order, with its byte order mark. */
function utf16(text: string, order: 'LE' | 'BE'): Uint8Array {
  const bytes = new Uint8Array(2 + text.length * 2)
  const view = new DataView(bytes.buffer)
  view.setUint16(0, 0xfeff, order === 'LE')
  for (let index = 0; index < text.length; index++)
    view.setUint16(2 + index * 2, text.charCodeAt(index), order === 'LE')
  return bytes
}

/** The text in Latin-1: one byte a character (every character here is below 256). */
const latin1 = (text: string) => Uint8Array.from(text, (character) => character.charCodeAt(0))

describe('decodeTextFile', () => {
  it('reads UTF-8, with its byte order mark left out of the text', () => {
    const plain = new TextEncoder().encode(csv)
    expect(decodeTextFile('a.csv', plain)).toEqual({ text: csv, encoding: 'UTF-8' })
    const marked = new Uint8Array([0xef, 0xbb, 0xbf, ...plain])
    expect(decodeTextFile('a.csv', marked)).toEqual({ text: csv, encoding: 'UTF-8' })
  })

  it('reads UTF-16 with its byte order mark, little- and big-endian', () => {
    expect(decodeTextFile('excel.csv', utf16(csv, 'LE'))).toEqual({ text: csv, encoding: 'UTF-16 LE' })
    expect(decodeTextFile('excel.csv', utf16(csv, 'BE'))).toEqual({ text: csv, encoding: 'UTF-16 BE' })
  })

  it('tells UTF-16 by the first two bytes alone, before a file is read', () => {
    expect(startsAsUtf16(utf16('x', 'LE').subarray(0, 2))).toBe(true)
    expect(startsAsUtf16(utf16('x', 'BE').subarray(0, 2))).toBe(true)
    expect(startsAsUtf16(new Uint8Array([0xef, 0xbb]))).toBe(false)
    expect(startsAsUtf16(new TextEncoder().encode('id'))).toBe(false)
  })

  it('reads bytes that are not UTF-8 as Windows-1252, so "café" in Latin-1 stays "café"', () => {
    expect(decodeTextFile('latin.csv', latin1(csv))).toEqual({ text: csv, encoding: 'Windows-1252' })
    // 0x80 is the euro sign in Windows-1252, where Latin-1 has an unprintable control character.
    expect(decodeTextFile('price.txt', new Uint8Array([0x35, 0x20, 0x80]))).toEqual({
      text: '5 €',
      encoding: 'Windows-1252',
    })
  })

  it('refuses by name a file with zero bytes that has no UTF-16 mark: a binary file, or UTF-16 without a mark', () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d])
    expect(() => decodeTextFile('photo.csv', png)).toThrow(/^photo\.csv is not a text file/)
    const unmarked = utf16(csv, 'LE').subarray(2)
    expect(() => decodeTextFile('tickets.csv', unmarked)).toThrow('tickets.csv is not a text file')
    const utf32 = new Uint8Array([0xff, 0xfe, 0, 0, 0x61, 0, 0, 0])
    expect(() => decodeTextFile('wide.txt', utf32)).toThrow('wide.txt is not a text file')
  })

  it('refuses a file whose bytes its own byte order mark does not account for', () => {
    const broken = new Uint8Array([0xef, 0xbb, 0xbf, 0x61, 0xff, 0x62])
    expect(() => decodeTextFile('mixed.csv', broken)).toThrow(
      'mixed.csv starts with the mark of UTF-8 text but holds bytes that are not UTF-8.',
    )
  })
})
