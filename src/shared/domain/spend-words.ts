// The words the app uses for what spent: the Spend view's and the spend CSV's, one list for both.
import type { SpendSummary } from '../ipc/routes/spend.ts'

type Feature = SpendSummary['byFeature'][number]['feature']

/** Each feature as the Spend view names its row. */
export const spendFeatureWords: Record<Feature, string> = {
  decision: 'Decisions',
  batch: 'Batch rows',
  image: 'Images',
  video: 'Videos',
  playground: 'Playground',
  cache: 'Caches',
}

/** A feature named by text (a day's parts are keyed by it), in the Spend view's words when it is one of them. */
export const spendFeatureWord = (feature: string): string =>
  (spendFeatureWords as Record<string, string | undefined>)[feature] ?? feature

/** One item of a feature, for a link to it (never a screen's name, which the sidebar's links carry). */
export const spendItemWords: Record<Feature, string> = {
  decision: 'decision',
  batch: 'batch row',
  image: 'image',
  video: 'video',
  playground: 'conversation turn',
  cache: 'cache',
}

/** The profile an entry was made under, by name: entries from before profiles have none. */
export function spendProfileName(
  id: string | null,
  profiles: readonly { id: string; name: string }[],
): string {
  if (id === null) return 'Before profiles'
  return profiles.find((profile) => profile.id === id)?.name ?? 'A deleted profile'
}
