import { describe, expect, it } from 'vitest'
import { csvColumn, jsonLinesOf, linesOf, parseCsv, toCsv } from './batch-inputs.ts'

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

  it('reads JSONL strings, objects and message arrays, and names the lines it cannot use', () => {
    const parsed = jsonLinesOf('"text"\n{"a":1}\n[{"role":"user","content":"hi"}]\n42\n{broken\n')
    expect(parsed.inputs).toEqual(['text', { a: 1 }, [{ role: 'user', content: 'hi' }]])
    expect(parsed.problems.map((p) => p.line)).toEqual([4, 5])
    expect(parsed.problems[0]?.message).toContain('number')
  })

  it('writes CSV that reads back to the same cells', () => {
    const rows = [
      ['a', 'b, c'],
      ['quote "x"', 'line\nbreak'],
    ]
    expect(parseCsv(toCsv(rows))).toEqual(rows)
  })
})
