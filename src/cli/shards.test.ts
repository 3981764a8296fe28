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
    expect(shardOfName('Triage (shard 3/8)')).toEqual({ index: 3, count: 8 })
    expect(shardOfName('Triage')).toBeNull()
  })

  it('joins outputs in row order and refuses a missing, repeated or foreign part', () => {
    const a = { name: 'a.csv', text: 'row,input\r\n1,x\r\n3,z\r\n' }
    const b = { name: 'b.csv', text: 'row,input\r\n2,y\r\n' }
    expect(mergeCsv([b, a])).toBe('row,input\r\n1,x\r\n2,y\r\n3,z\r\n')
    expect(() => mergeCsv([a])).toThrow('1 row is in none of the files (2)')
    expect(() => mergeCsv([a, b, b])).toThrow('row 2 is in both b.csv and b.csv')
    expect(() => mergeCsv([a, { name: 'c.csv', text: 'row,text\r\n2,y\r\n' }])).toThrow('other columns')
    expect(
      mergeJsonl([
        { name: 'b', text: '{"row":2}\n' },
        { name: 'a', text: '{"row":1}\n' },
      ]),
    ).toBe('{"row":1}\n{"row":2}\n')
    expect(() => mergeJsonl([{ name: 'a', text: 'nope\n' }])).toThrow('a, line 1, is not JSON')
  })
})
