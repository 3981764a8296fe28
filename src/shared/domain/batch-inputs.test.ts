import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  batchFileProblem,
  batchLimits,
  csvColumn,
  csvHeader,
  jsonLinesOf,
  linesOf,
  parseCsv,
  textLikeColumn,
} from './batch-inputs.ts'

describe('batch inputs', () => {
  it('takes one input per non-empty line', () => {
    expect(linesOf('first\r\n\n  \nsecond\n').inputs).toEqual(['first', 'second'])
  })

  it('reads quoted CSV fields with commas, doubled quotes and line breaks', () => {
    expect(parseCsv('id,text\n1,"a, b"\n2,"say ""hi""\nthere"\r\n3,plain')).toEqual([
      ['id', 'text'],
      ['1', 'a, b'],
      ['2', 'say "hi"\nthere'],
      ['3', 'plain'],
    ])
  })

  it('takes the chosen CSV column and reports rows without a value by their line', () => {
    const parsed = csvColumn('id,text\n1,hello\n2,\n3,bye\n', 1)
    expect(parsed.header).toEqual(['id', 'text'])
    expect(parsed.inputs).toEqual(['hello', 'bye'])
    expect(parsed.problems).toEqual([{ line: 3, message: 'Row 3 has no value in "text".' }])
  })

  it('names a row with more values than the header has columns, and does not run it', () => {
    const parsed = csvColumn('id,text\n1,hello\n2,Hi, I need a refund\n3,bye,\n', 1)
    expect(parsed.inputs).toEqual(['hello', 'bye'])
    expect(parsed.problems).toEqual([
      {
        line: 3,
        message:
          'Row 3 has 3 values, more than the 2 columns of the header: put quotes around a value that holds a comma.',
      },
    ])
  })

  it('names a header with more columns, or a longer name, than a batch keeps, in plain words', () => {
    const wide = `${Array.from({ length: 10_000 }, (_, at) => `c${at}`).join(',')}\n${Array.from({ length: 10_000 }, () => 'x').join(',')}\n`
    expect(csvColumn(wide, 0).problems).toEqual([
      {
        line: 1,
        message:
          'The header has 10,000 columns; a batch keeps at most 500 beside its inputs. Remove the columns the batch does not need.',
      },
    ])
    expect(csvColumn(`id,${'n'.repeat(600)}\n1,x\n`, 0).problems[0]?.message).toBe(
      "Column 2's name is 600 characters long; a column's name may have at most 500.",
    )
  })

  it('reads JSONL strings, objects and message arrays, and names the lines it cannot use', () => {
    const parsed = jsonLinesOf('"text"\n{"a":1}\n[{"role":"user","content":"hi"}]\n42\n{broken\n')
    expect(parsed.inputs).toEqual(['text', { a: 1 }, [{ role: 'user', content: 'hi' }]])
    expect(parsed.problems.map((p) => p.line)).toEqual([4, 5])
    expect(parsed.problems[0]?.message).toContain('number')
  })
})

describe('CSV files', () => {
  it('lists a row whose quote is never closed and goes on reading the rows after it', () => {
    const parsed = csvColumn('id,text\n1,hello\n2,"broken\n3,fine\n4,"also fine"\n', 1)
    expect(parsed.inputs).toEqual(['hello', 'fine', 'also fine'])
    expect(parsed.problems).toEqual([{ line: 3, message: 'Row 3 has a quote that is never closed.' }])
  })

  it('lists every row with an open quote, also when no quote after them is ever closed', () => {
    const parsed = csvColumn('id,text\n1,"a\n2,"b\n3,c\n4,"d\n5,e', 1)
    expect(parsed.inputs).toEqual(['c', 'e'])
    expect(parsed.problems).toEqual([
      { line: 2, message: 'Row 2 has a quote that is never closed.' },
      { line: 3, message: 'Row 3 has a quote that is never closed.' },
      { line: 5, message: 'Row 5 has a quote that is never closed.' },
    ])
  })

  it('tells how to write a quote inside a quoted value, and keeps the lines a broken quote ran into', () => {
    const stray = csvColumn('id,text\n1,"say "hi" now"\n2,ok\n', 1)
    expect(stray.inputs).toEqual(['ok'])
    expect(stray.problems).toEqual([
      {
        line: 2,
        message: 'Row 2 has a quote inside a quoted value; write a quote there as two quotes ("").',
      },
    ])
    // The quote after "a" does not close the value, so a reader runs on to the quotes of the next line.
    const runOn = csvColumn('id,text\n1,"a"b\n2,"ok"\n3,z', 1)
    expect(runOn.inputs).toEqual(['ok', 'z'])
    expect(runOn.problems).toEqual([{ line: 2, message: 'Row 2 has a quote that is never closed.' }])
  })

  it('names the lines a broken quote took in once a file has too many of them to read again', () => {
    const text = ['id,text', ...Array.from({ length: 10 }, (_, i) => `${i + 1},"a"b`), '11,"z"'].join('\n')
    const parsed = csvColumn(text, 1)
    expect(parsed.inputs).toEqual([])
    // Every line after the header is in a problem: its own, or named in the last one.
    expect(parsed.problems.map((problem) => problem.line)).toEqual([2, 3, 4, 5, 6, 7, 8])
    expect(parsed.problems.at(-1)?.message).toBe(
      'Row 8 has a quote that is never closed. Lines 9–12 are read into it, so they are not used either.',
    )
  })

  it('has no header when the first row cannot be read, and lists that row', () => {
    expect(csvHeader('"id,text\n1,hi')).toEqual([])
    expect(csvColumn('"id,text\n1,hi', 1)).toEqual({
      header: [],
      inputs: ['hi'],
      lines: [2],
      empty: [],
      problems: [{ line: 1, message: 'Row 1 has a quote that is never closed.' }],
      sources: [['1', 'hi']],
      readWhole: true,
    })
  })

  it('leaves the byte order mark out of the first column name', () => {
    const text = '\uFEFFid,text\r\n1,hi\r\n'
    expect(csvHeader(text)).toEqual(['id', 'text'])
    expect(csvColumn(text, 0)).toMatchObject({ header: ['id', 'text'], inputs: ['1'] })
  })

  it('reads files separated by semicolons, tabs or bars as several columns', () => {
    const semicolons = 'id;text;price\n1;hello, world;2,50\n2;"a; b";3,75\n'
    expect(csvHeader(semicolons)).toEqual(['id', 'text', 'price'])
    expect(csvColumn(semicolons, 1).inputs).toEqual(['hello, world', 'a; b'])
    expect(csvColumn(semicolons, 2).inputs).toEqual(['2,50', '3,75'])
    expect(parseCsv('id\ttext\n1\tone, two\n2\tthree\n')).toEqual([
      ['id', 'text'],
      ['1', 'one, two'],
      ['2', 'three'],
    ])
    expect(csvColumn('a|b|c\n1|2|3\n4|5|6', 2)).toEqual({
      header: ['a', 'b', 'c'],
      inputs: ['3', '6'],
      lines: [2, 3],
      empty: [],
      problems: [],
      sources: [
        ['1', '2', '3'],
        ['4', '5', '6'],
      ],
      readWhole: true,
    })
  })

  it('reads CRLF files, with line breaks inside values read as \\n and rows named by their line', () => {
    const parsed = csvColumn('id,text\r\n1,"two\r\nlines"\r\n2,\r\n3,plain\r\n', 1)
    expect(parsed.inputs).toEqual(['two\nlines', 'plain'])
    expect(parsed.problems).toEqual([{ line: 4, message: 'Row 3 (line 4) has no value in "text".' }])
  })

  it('keeps the line each input starts on, and names the empty lines left out between inputs', () => {
    const csv = csvColumn('id,text\n\n1,"two\nlines"\n\n2,ok\n\n\n', 1)
    expect([csv.inputs, csv.lines, csv.empty]).toEqual([['two\nlines', 'ok'], [3, 6], [5]])
    const text = linesOf('\nfirst\n\n  \nsecond\n\n')
    expect([text.inputs, text.lines, text.empty]).toEqual([
      ['first', 'second'],
      [2, 5],
      [3, 4],
    ])
    const json = jsonLinesOf('"a"\n\n{"b":1}\n')
    expect([json.lines, json.empty]).toEqual([[1, 3], [2]])
  })

  it('counts empty lines when it names a row', () => {
    expect(csvColumn('id,text\n\n1,\n\n2,ok\n', 1).problems).toEqual([
      { line: 3, message: 'Row 3 has no value in "text".' },
    ])
  })

  it('names a column the header leaves out by its position', () => {
    expect(csvColumn('id\n1,hello\n2\n', 1).problems).toEqual([
      { line: 3, message: 'Row 3 has no value in "Column 2".' },
    ])
  })

  it('reads back what a CSV writer wrote, whatever the cells hold', () => {
    const separators = [',', ';', '\t', '|'] as const
    const quoted = (cell: string, separator: string) =>
      /["\r\n]/.test(cell) || cell.includes(separator) ? `"${cell.replaceAll('"', '""')}"` : cell
    const write = (rows: string[][], separator: string, newline: string) =>
      rows.map((row) => row.map((cell) => quoted(cell, separator)).join(separator) + newline).join('')
    const cell = (separator: string) =>
      fc
        .array(fc.constantFrom('a', 'Z', 'é', '1', ' ', '"', '\n', '\r\n', '\r', separator), { maxLength: 8 })
        .map((parts) => parts.join(''))
    const file = fc.constantFrom(...separators).chain((separator) =>
      fc
        // A comma file may have a single column; any other separator needs two to be seen.
        .integer({ min: separator === ',' ? 1 : 2, max: 5 })
        .chain((columns) =>
          fc.record({
            separator: fc.constant(separator),
            newline: fc.constantFrom('\n', '\r\n'),
            header: fc.array(fc.stringMatching(/^[a-z]{1,6}$/), { minLength: columns, maxLength: columns }),
            rows: fc.array(fc.array(cell(separator), { minLength: columns, maxLength: columns }), {
              maxLength: 14,
            }),
          }),
        ),
    )
    fc.assert(
      fc.property(file, ({ separator, newline, header, rows }) => {
        const expected = [header, ...rows]
          .filter((row) => row.some((value) => value.trim() !== ''))
          .map((row) => row.map((value) => value.replace(/\r\n?/g, '\n')))
        expect(parseCsv(write([header, ...rows], separator, newline))).toEqual(expected)
      }),
      { seed: 4180, numRuns: 300 },
    )
  })
})

describe('a CSV batch', () => {
  const file =
    'ticket_id,created,customer message,priority\n' +
    'T-1,2026-01-02,I was charged twice for one order,2\n' +
    'T-2,2026-01-03,Where is my parcel? It is a week late,1\n' +
    'T-3,2026-01-04,,3\n'

  it('starts on the column most like text, not on ids, dates or numbers', () => {
    expect(textLikeColumn(file)).toBe(2)
    expect(textLikeColumn('a,b\n1,2\n')).toBe(0)
  })

  it('keeps each input’s whole row beside it, rows without a value left out of both', () => {
    const parsed = csvColumn(file, 2)
    expect(parsed.inputs).toEqual([
      'I was charged twice for one order',
      'Where is my parcel? It is a week late',
    ])
    expect(parsed.sources).toEqual([
      ['T-1', '2026-01-02', 'I was charged twice for one order', '2'],
      ['T-2', '2026-01-03', 'Where is my parcel? It is a week late', '1'],
    ])
  })
})

describe('a file too big for one batch', () => {
  const most = batchLimits.inputs

  it('is refused by its size before it is read, saying its size, the limit and what to do', () => {
    expect(batchFileProblem({ name: 'tickets.csv', size: 100 * 1024 * 1024 })).toBe(
      'tickets.csv is 100 MiB, more than the 8 MiB a file of batch inputs may be (a batch takes at most 10,000 inputs). Split it into files of at most 10,000 rows and run a batch on each.',
    )
    expect(batchFileProblem({ name: 'odd.csv', size: 8 * 1024 * 1024 + 100_000 })).toMatch(
      /^odd\.csv is 8\.1 MiB,/,
    )
    expect(batchFileProblem({ name: 'fits.csv', size: batchLimits.fileBytes })).toBeNull()
  })

  it('lets a file saved as UTF-16 be twice as big, since it takes two bytes where UTF-8 takes one', () => {
    expect(batchFileProblem({ name: 'unicode.txt', size: 2 * batchLimits.fileBytes }, true)).toBeNull()
    expect(batchFileProblem({ name: 'unicode.txt', size: 20 * 1024 * 1024 }, true)).toMatch(
      /^unicode\.txt is 20 MiB, more than the 16 MiB a file of batch inputs saved as UTF-16 may be/,
    )
  })

  it('holds a batch of realistic rows under the size limit', () => {
    const message = 'My parcel was left at the wrong address and the driver marked it delivered. '.repeat(5)
    const rows = Array.from(
      { length: most },
      (_, i) => `T-${i},2026-01-02,"${message}",2,customer${i}@example.com`,
    )
    const file = ['ticket,opened,message,priority,email', ...rows].join('\r\n')
    expect(new TextEncoder().encode(file).length).toBeLessThan(batchLimits.fileBytes)
    // Saved as UTF-16, two bytes a character and a byte order mark.
    expect(batchFileProblem({ name: 'unicode.txt', size: 2 + 2 * file.length }, true)).toBeNull()
  })

  it('stops reading lines once there are more inputs than a batch takes', () => {
    const parsed = linesOf(Array.from({ length: 3 * most }, (_, i) => `input ${i}`).join('\n'))
    expect(parsed.inputs).toHaveLength(most + 1)
    expect(parsed.readWhole).toBe(false)
    expect(linesOf('a\n\nb\r\n').readWhole).toBe(true)
  })

  it('stops reading a CSV once there are more inputs, or more rows without a value, than a batch takes', () => {
    const rows = (count: number, value: (i: number) => string) =>
      Array.from({ length: count }, (_, i) => `${i},${value(i)}`).join('\n')
    const many = csvColumn(`id,text\n${rows(3 * most, (i) => `text ${i}`)}`, 1)
    expect([many.header, many.inputs.length, many.sources.length, many.readWhole]).toEqual([
      ['id', 'text'],
      most + 1,
      most + 1,
      false,
    ])
    const empty = csvColumn(`id,text\n${rows(3 * most, () => '')}\n`, 1)
    expect([empty.inputs.length, empty.problems.length, empty.readWhole]).toEqual([0, most + 1, false])
    const fits = csvColumn(`id,text\n${rows(most, (i) => (i % 2 ? 'yes' : ''))}`, 1)
    expect([fits.inputs.length, fits.problems.length, fits.readWhole]).toEqual([most / 2, most / 2, true])
  })

  it('stops reading JSONL once there are more inputs, or more lines that are not JSON, than a batch takes', () => {
    const lines = (count: number, line: string) => Array.from({ length: count }, () => line).join('\n')
    expect(jsonLinesOf(lines(3 * most, '"text"'))).toMatchObject({ readWhole: false })
    expect(jsonLinesOf(lines(3 * most, '"text"')).inputs).toHaveLength(most + 1)
    const broken = jsonLinesOf(lines(3 * most, '{'))
    expect([broken.problems.length, broken.problems.at(-1)?.line, broken.readWhole]).toEqual([
      most + 1,
      most + 1,
      false,
    ])
  })
})
