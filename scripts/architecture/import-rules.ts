// Who may import what: the layers of DESIGN.md as rules over the import graph. Each rule names the files it
// governs and what they must not reach; a broken rule lists every edge that breaks it.
import type { ImportEdge } from './import-graph.ts'

export interface ImportRule {
  name: string
  /** The files the rule governs. */
  applies: (file: string) => boolean
  /** Why an edge breaks the rule, or null when it is allowed. */
  refuses: (edge: ImportEdge) => string | null
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file) || file.includes('/testing/')
const under = (folder: string) => (path: string) => path.startsWith(`${folder}/`)
/** Packages shared code may use: zod, and parsers of standard formats that need no particular process. */
const sharedPackages = new Set(['zod', 'papaparse', 'ipaddr.js'])
const featureOf = (path: string) => /^src\/renderer\/src\/features\/([^/]+)\//.exec(path)?.[1]

export const importRules: ImportRule[] = [
  {
    name: 'the renderer reaches main only through the bridge',
    applies: (file) => under('src/renderer')(file) && !isTest(file),
    refuses: ({ to }) =>
      under('src/main')(to) || under('src/sandbox')(to) || under('src/node')(to)
        ? 'main and the sandbox are other processes'
        : to.startsWith('node:')
          ? 'the renderer has no Node'
          : null,
  },
  {
    name: 'shared code depends on nothing but zod and format parsers',
    applies: (file) => under('src/shared')(file) && !isTest(file),
    refuses: ({ to }) =>
      under('src/shared')(to) || sharedPackages.has(to) ? null : 'shared code runs in every process',
  },
  {
    name: 'a feature does not reach into another feature',
    applies: (file) => featureOf(file) !== undefined && !isTest(file),
    refuses: ({ from, to }) => {
      const other = featureOf(to)
      return other && other !== featureOf(from) ? `it reaches into the ${other} feature` : null
    },
  },
  {
    name: 'features sit below the shell of the window',
    applies: (file) => featureOf(file) !== undefined,
    refuses: ({ to }) => (under('src/renderer/src/app')(to) ? 'the shell composes the features' : null),
  },
  {
    name: 'the sandbox stands alone',
    applies: (file) => under('src/sandbox')(file) && !isTest(file),
    refuses: ({ to }) => (under('src/main')(to) ? 'the sandbox is the service, not the app' : null),
  },
  {
    name: 'the core does not know its shells',
    applies: under('src/main/core'),
    refuses: ({ to }) =>
      to === 'electron' || under('src/main/platform')(to) || to === 'src/main/index.ts'
        ? 'the core runs under Electron and the harness alike'
        : null,
  },
  {
    name: 'production code does not use test helpers',
    applies: (file) => under('src')(file) && !isTest(file),
    refuses: ({ to }) => (isTest(to) ? 'test helpers are not shipped' : null),
  },
]

export function brokenRules(edges: readonly ImportEdge[], rules = importRules) {
  return rules.flatMap((rule) =>
    edges
      .filter((edge) => rule.applies(edge.from))
      .flatMap((edge) => {
        const reason = rule.refuses(edge)
        return reason ? [`${rule.name}: ${edge.from} imports ${edge.written} (${reason})`] : []
      }),
  )
}
