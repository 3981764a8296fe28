// The journal of the jobs' changes: what changed after a mark, each job once; nothing it cannot vouch for.
import { describe, expect, it } from 'vitest'
import { createJobChanges } from './job-changes.ts'

describe('the journal of the jobs written', () => {
  it('tells the jobs written after a mark, each once, in the order of their first change', () => {
    const changes = createJobChanges()
    changes.touch('a')
    const mark = changes.mark()
    expect(changes.since(mark)).toEqual([])
    changes.touch('b')
    changes.touch('c')
    changes.touch('b')
    expect(changes.since(mark)).toEqual(['b', 'c'])
    expect(changes.since({ ...mark, version: 0 })).toEqual(['a', 'b', 'c'])
    expect(changes.since(changes.mark())).toEqual([])
  })

  it('cannot tell for a mark of another run, a mark ahead of it, or one older than it remembers', () => {
    const changes = createJobChanges(3)
    const start = changes.mark()
    expect(changes.since({ ...start, epoch: 'another run' })).toBeUndefined()
    expect(changes.since({ ...start, version: 1 })).toBeUndefined()
    for (const id of ['a', 'b', 'c', 'd', 'e', 'f', 'g']) changes.touch(id)
    // Seven changes with room for three (kept up to twice that): the first four are forgotten.
    expect(changes.since(start)).toBeUndefined()
    expect(changes.since({ ...start, version: 3 })).toBeUndefined()
    expect(changes.since({ ...start, version: 4 })).toEqual(['e', 'f', 'g'])
    expect(changes.since({ ...start, version: 6 })).toEqual(['g'])
  })
})
