// Shards cover each row once, whatever N; a join that misses or repeats a row is refused.
import { describe, expect, it } from 'vitest'
import { mergeCsv, mergeJsonl, parseShard, rowInWhole, shardOfName, shardRows } from './shards.ts'

describe('shards', () => {
  it('cover every row exactly once, and name their rows in the whole file', () => {
    for (const total of [0, 1, 7, 100]) {
      for (const count of [1, 2, 3, 8]) {
        const covered = Array.from({ length: count }, (_, at) => {
          const shard = { index: at + 1, count }
          return shardRows(total, shard).map((row, index) => {
            expect(rowInWhole(index, shard)).toBe(row)
            return row
          })
        }).flat()
        expect(covered.sort((a, b) => a - b)).toEqual(Array.from({ length: total }, (_, row) => row))
      }
    }
  })

  it('reads I/N and refuses anything else', () => {
    expect(parseShard('2/4')).toEqual({ index: 2, count: 4 })
    for (const bad of ['0/4', '5/4', '2', 'a/b', '1/0'])
      expect(() => parseShard(bad)).toThrow(/--shard takes I\/N/)
    expect(shardOfName('Triage (shard 3/8 of 100)')).toEqual({ index: 3, count: 8, total: 100 })
    expect(shardOfName('Triage (shard 3/8)')).toEqual({ index: 3, count: 8, total: null })
    expect(shardOfName('Triage')).toBeNull()
  })

  it('joins outputs in row order and refuses a missing, repeated or foreign part', () => {
    const a = { name: 'a.csv', text: 'row,input,shard,rows_in_input\r\n1,x,1/2,3\r\n3,z,1/2,3\r\n' }
    const b = { name: 'b.csv', text: 'row,input,shard,rows_in_input\r\n2,y,2/2,3\r\n' }
    // Written with a byte order mark as every CSV export is, whether the shards' files had one or not.
    expect(mergeCsv([b, { ...a, text: `\uFEFF${a.text}` }])).toBe('\uFEFFrow,input\r\n1,x\r\n2,y\r\n3,z\r\n')
    expect(() => mergeCsv([a])).toThrow('1 row is in none of the files (2)')
    expect(() => mergeCsv([a, b, b])).toThrow('row 2 is in both b.csv and b.csv')
    expect(() =>
      mergeCsv([a, { name: 'c.csv', text: 'row,text,shard,rows_in_input\r\n2,y,2/2,3\r\n' }]),
    ).toThrow('other columns')
    // The last rows of the input missing from every file: the outputs say how many rows there are.
    const short = { name: 'b.csv', text: 'row,input,shard,rows_in_input\r\n2,y,2/2,4\r\n' }
    const withFour = { name: 'a.csv', text: 'row,input,shard,rows_in_input\r\n1,x,1/2,4\r\n3,z,1/2,4\r\n' }
    expect(() => mergeCsv([withFour, short])).toThrow('1 row is in none of the files (4)')
    expect(
      mergeJsonl([
        { name: 'b', text: '{"row":2,"shard":"2/2","rows_in_input":2}\n' },
        { name: 'a', text: '{"row":1,"shard":"1/2","rows_in_input":2}\n' },
      ]),
    ).toBe('{"row":1}\n{"row":2}\n')
    expect(() => mergeJsonl([{ name: 'a', text: 'nope\n' }])).toThrow('a, line 1, is not JSON')
  })

  it('refuses at once a row that is not one of the batch, naming the line, and never builds a list of rows', () => {
    const csv = (row: string) => ({
      name: 'a.csv',
      text: `row,input,shard,rows_in_input\r\n1,x,1/2,3\r\n${row},y,1/2,3\r\n`,
    })
    expect(() => mergeCsv([csv('1e12')])).toThrow('a.csv, line 3: “1e12” is not a row number.')
    for (const bad of ['0', '1.5', 'abc', '', '-3'])
      expect(() => mergeCsv([csv(bad)]), bad).toThrow(/a\.csv, line 3: “.*” is not a row number\./)
    expect(() => mergeCsv([csv('5')])).toThrow('a.csv, line 3: row 5 is past the last row of the input (3).')
    expect(() => mergeCsv([csv('2')])).toThrow('a.csv, line 3: row 2 is not one of shard 1/2’s rows.')
    const line = (row: number) => `{"row":${row},"shard":"1/1","rows_in_input":2}`
    expect(() => mergeJsonl([{ name: 'j', text: `${line(1)}\n${line(1e10)}\n` }])).toThrow(
      'j, line 2: row 10000000000 is past the last row of the input (2).',
    )
    // A file cut in the middle of its last line.
    expect(() =>
      mergeCsv([{ name: 'cut.csv', text: 'row,input,shard,rows_in_input\r\n1,x,1/1,2\r\n2,y' }]),
    ).toThrow('cut.csv, line 3 has 2 cells where the header has 4')
    // Outputs of two different batches.
    expect(() =>
      mergeCsv([
        { name: 'a.csv', text: 'row,input,shard,rows_in_input\r\n1,x,1/2,3\r\n3,x,1/2,3\r\n' },
        { name: 'b.csv', text: 'row,input,shard,rows_in_input\r\n2,y,2/2,9\r\n' },
      ]),
    ).toThrow('they are not shards of one batch')
    // An output written without the shard columns (not a shard's, or from before they were written).
    expect(() => mergeCsv([{ name: 'old.csv', text: 'row,input\r\n1,x\r\n' }])).toThrow(
      /not a shard’s output/,
    )
  })

  it('writes a formula cell as every export does', () => {
    const merged = mergeCsv([
      { name: 'a.csv', text: 'row,input,shard,rows_in_input\r\n1,"=HYPERLINK(""http://x"")",1/1,1\r\n' },
    ])
    expect(merged).toBe('\uFEFFrow,input\r\n1,"\'=HYPERLINK(""http://x"")"\r\n')
  })
})
