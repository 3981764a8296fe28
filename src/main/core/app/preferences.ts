// The person's preferences, kept as a small JSON file in the data folder.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { type Preferences, Preferences as PreferencesSchema } from '#shared/ipc/routes/app'
import { writeFileAtomic } from '../files/atomic-write.ts'

const defaults: Preferences = {
  theme: 'system',
  receiverPort: 0,
  receiverPortPicked: 0,
  pollBudget: { requests: 60, windowSeconds: 60 },
  downloadVideosOnCompletion: true,
  views: {},
  scoring: {},
  forwardTo: {},
  notifications: { videos: true, batches: true, budgets: true },
  budgets: {},
  keepReceivingWhenClosed: true,
  window: null,
  thoughtsOpen: false,
  workloads: [
    {
      name: 'Chat turn',
      tokens: { prompt: 1200, completion: 400, cacheRead: 0, cacheWrite5m: 0, cacheWrite1h: 0 },
    },
  ],
}

/**
 * The preferences an archive carries: how the app looks and the person's own token counts. Everything that
 * decides where data or money goes (forwarding addresses, budgets, the receiver's port, the poll budget, what is
 * downloaded, what keeps running) belongs to this machine: it is never written to an archive nor taken from one.
 */
const archivedKeys = ['theme', 'workloads', 'thoughtsOpen'] as const
type ArchivedPreferences = Partial<Pick<Preferences, (typeof archivedKeys)[number]>>

/** The part of `value` (a preferences file's JSON) an archive may carry, each field checked; the rest dropped. */
export function archivedPreferences(value: unknown): ArchivedPreferences {
  const parsed = PreferencesSchema.pick({ theme: true, workloads: true, thoughtsOpen: true })
    .partial()
    .safeParse(typeof value === 'object' && value !== null ? value : {})
  if (!parsed.success) return {}
  const kept: Record<string, unknown> = {}
  for (const key of archivedKeys) if (parsed.data[key] !== undefined) kept[key] = parsed.data[key]
  return kept as ArchivedPreferences
}

/** Each field of a preferences file that reads, checked apart: a damaged or older field is left out, not the rest. */
function readableFields(value: unknown): Partial<Preferences> {
  if (typeof value !== 'object' || value === null) return {}
  const kept: Record<string, unknown> = {}
  for (const [key, schema] of Object.entries(PreferencesSchema.shape)) {
    if (!(key in value)) continue
    const read = schema.safeParse((value as Record<string, unknown>)[key])
    if (read.success) kept[key] = read.data
  }
  return kept as Partial<Preferences>
}

export interface PreferencesStore {
  get(): Preferences
  update(change: Partial<Preferences>): Promise<Preferences>
  /** Settles once every change made so far is in the file (the core waits for it when it closes). */
  written(): Promise<void>
}

export async function openPreferences(userData: string): Promise<PreferencesStore> {
  const path = join(userData, 'preferences.json')
  let current = defaults
  try {
    current = { ...defaults, ...readableFields(JSON.parse(await readFile(path, 'utf8'))) }
  } catch {
    // No file yet, or unreadable JSON: start from defaults.
  }
  // Changes merge onto the latest preferences at once, and the file is written in the order they came: two
  // changes in flight (a theme picked while the screen's address is being saved) never undo each other.
  let writing: Promise<void> = Promise.resolve()
  return {
    get: () => current,
    async update(change) {
      current = { ...current, ...change }
      const next = current
      const write = writing.then(() => writeFileAtomic(path, JSON.stringify(next, null, 2)))
      writing = write.catch(() => {})
      await write
      return next
    },
    written: () => writing,
  }
}
