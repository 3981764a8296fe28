// Every topic main can announce is announced somewhere in main and refreshes a query the screens use, so no view
// can go silent: a topic nobody emits, or one whose keys no screen reads, fails here.
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { DataTopic } from '#shared/ipc/events'
import { profileKeys, queryKeys, sharedQueries, topicKeys } from './ipc.ts'

const root = join(import.meta.dirname, '..', '..', '..')
const sources = (folder: string) =>
  readdirSync(join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => {
      const path = join(entry.parentPath, entry.name)
      return { path: relative(root, path), text: readFileSync(path, 'utf8') }
    })

const main = sources('src/main')
const renderer = sources('src/renderer/src').filter((file) => !file.path.endsWith('src/renderer/src/ipc.ts'))

/** Every key factory, with the key it makes (placeholder arguments). */
const factories = [
  ...Object.entries(queryKeys).map(([name, make]) => ({
    use: new RegExp(`\\bqueryKeys\\.${name}\\b`),
    key: (make as (...args: unknown[]) => readonly unknown[])('x', 'y', 'z') as readonly unknown[],
  })),
  ...Object.entries(profileKeys).map(([name, make]) => ({
    use: new RegExp(`\\bprofileKeys\\.${name}\\b`),
    key: (make as (...args: unknown[]) => readonly unknown[])('profile', 'y', false).slice(1),
  })),
  ...Object.entries(sharedQueries).map(([name, query]) => ({
    use: new RegExp(`\\bsharedQueries\\.${name}\\b`),
    key: query.queryKey as readonly unknown[],
  })),
]
const startsWith = (key: readonly unknown[], prefix: readonly unknown[]) =>
  prefix.every((part, index) => key[index] === part)

describe('data topics', () => {
  it.each(DataTopic.options)('%s is announced by main', (topic) => {
    const emitters = main.filter((file) => new RegExp(`topics: \\[[^\\]]*'${topic}'`).test(file.text))
    expect(emitters.map((file) => file.path)).not.toEqual([])
  })

  it.each(DataTopic.options)('%s refreshes a query a screen reads', (topic) => {
    const covered = factories.filter((factory) => startsWith(factory.key, topicKeys[topic]))
    const readers = renderer.filter((file) => covered.some((factory) => factory.use.test(file.text)))
    expect(readers.map((file) => file.path)).not.toEqual([])
  })

  it('every query key comes from the key factories', () => {
    const literal = renderer.filter((file) => /queryKey: \[\s*'/.test(file.text))
    expect(literal.map((file) => file.path)).toEqual([])
  })
})
