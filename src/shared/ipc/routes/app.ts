// Routes about the app itself: what is running, preferences, and opening links outside the app.
import { z } from 'zod'
import { DraftKind } from '../../domain/drafts.ts'
import { route } from '../contract.ts'

export const ThemePreference = z.enum(['system', 'light', 'dark'])
export type ThemePreference = z.infer<typeof ThemePreference>

/** USD as typed, like 2.50: up to a billion dollars, to the millionth. */
export const BudgetAmount = z
  .string()
  .regex(/^\d{1,9}(\.\d{1,6})?$/, 'Write the budget in USD, like 25 or 2.50, or leave it empty for none.')

export const Budget = z.object({ daily: BudgetAmount.nullable(), monthly: BudgetAmount.nullable() })
export type Budget = z.infer<typeof Budget>

const ErrorCosts = z.object({ falseYes: z.number().min(0).finite(), falseNo: z.number().min(0).finite() })

/** One choice a person made in a questionnaire's scores, for one question; a value of null keeps none. */
export const ScoringChoice = z.discriminatedUnion('kind', [
  z.object({
    questionnaire: z.string().max(100),
    question: z.string().max(200),
    kind: z.literal('costs'),
    value: ErrorCosts.nullable(),
  }),
  z.object({
    questionnaire: z.string().max(100),
    question: z.string().max(200),
    kind: z.literal('thresholds'),
    value: z.number().min(0).max(1).nullable(),
  }),
])
export type ScoringChoice = z.infer<typeof ScoringChoice>

export const Preferences = z.object({
  theme: ThemePreference,
  /** Port of the webhook receiver on 127.0.0.1; 0 picks a free one. */
  receiverPort: z.number().int().min(0).max(65535),
  /** The free port picked the first time, kept so a port forward or proxy keeps working; 0 before one is. */
  receiverPortPicked: z.number().int().min(0).max(65535),
  /** Status reads per window for each profile, shared by all its pending jobs. */
  pollBudget: z.object({
    requests: z.number().int().min(1).max(10_000),
    windowSeconds: z.number().int().min(1).max(3600),
  }),
  /** Fetch a video into the data folder as soon as it completes (signed links expire). */
  downloadVideosOnCompletion: z.boolean(),
  /** Named token counts of one call, for the model browser's cost calculator. */
  workloads: z
    .array(
      z.object({
        name: z.string().min(1).max(80),
        tokens: z.object({
          prompt: z.number().int().min(0),
          completion: z.number().int().min(0),
          cacheRead: z.number().int().min(0),
          cacheWrite5m: z.number().int().min(0),
          cacheWrite1h: z.number().int().min(0),
        }),
      }),
    )
    .max(50),
  /** Where the window was, restored at the next start. */
  window: z
    .object({ x: z.number(), y: z.number(), width: z.number(), height: z.number(), maximized: z.boolean() })
    .nullable(),
  /** Whether a model's thoughts show open under its answer in the playground. */
  thoughtsOpen: z.boolean(),
  /** Closing the window leaves the app in the tray, receiving webhooks, while a job runs or a tunnel is up. */
  keepReceivingWhenClosed: z.boolean(),
  /** Which notifications the app shows: finished videos, batches that ended, budgets nearly used. */
  notifications: z.object({ videos: z.boolean(), batches: z.boolean(), budgets: z.boolean().default(true) }),
  /** Per profile: at most this much spent a day and a month (USD), checked before every costly request. */
  budgets: z.record(z.string().max(100), Budget),
  /** Per profile: the person's own server that verified webhook deliveries are passed on to. */
  forwardTo: z.record(z.string().max(100), z.string().max(2048)),
  /** Each screen's last address in the app (`/models` → `/models?provider=aurora`), and `last`. */
  views: z.record(z.string().max(40), z.string().max(2000)),
  /**
   * Per questionnaire (by id), what a person set in its batches' scores, by question title: what a wrong yes and a
   * wrong no cost, and the threshold its yes or no answers are read at.
   */
  scoring: z.record(
    z.string().max(100),
    z.object({
      costs: z.record(z.string().max(200), ErrorCosts),
      thresholds: z.record(z.string().max(200), z.number().min(0).max(1)),
    }),
  ),
})
export type Preferences = z.infer<typeof Preferences>

/** Where the app stands with its next version. */
export const UpdateState = z.object({
  /** Whether this build updates itself (the desktop app installed from a release; not the harness). */
  supported: z.boolean(),
  version: z.string(),
  channel: z.string(),
  status: z.enum(['idle', 'checking', 'downloading', 'ready', 'current', 'refused']),
  /** The version found, while it downloads and once it is ready. */
  available: z.string().nullable(),
  /** Percent downloaded. */
  progress: z.number().nullable(),
  lastCheck: z.number().nullable(),
  /** Why the last check or download was refused, in words. */
  problem: z.string().nullable(),
})
export type UpdateState = z.infer<typeof UpdateState>

export const AppInfo = z.object({
  name: z.string(),
  version: z.string(),
  /** `electron` in the desktop app, `harness` when the renderer runs in a browser against the same core. */
  shell: z.enum(['electron', 'harness']),
  platform: z.string(),
  dataFolder: z.string(),
})
export type AppInfo = z.infer<typeof AppInfo>

export const appRoutes = {
  'app.info': route({ input: z.object({}), output: AppInfo }),
  'app.openExternal': route({
    input: z.object({ url: z.string().max(4096) }),
    output: z.object({ opened: z.literal(true) }),
  }),
  'app.openDataFolder': route({ input: z.object({}), output: z.object({ opened: z.literal(true) }) }),
  /** What the app has to tell the person about its own state (a history moved aside, storage downgraded). */
  /** Writes the whole history (database, media, preferences; never keys) to one archive the person picks. */
  'history.export': route({
    input: z.object({}),
    output: z.object({ savedTo: z.string().nullable(), counts: z.record(z.string(), z.number()) }),
  }),
  /** Verifies an archive the person picks and stages it; it replaces the history at the next start. */
  'history.import': route({
    input: z.object({}),
    output: z.object({
      staged: z.boolean(),
      counts: z.record(z.string(), z.number()),
      createdAt: z.number().nullable(),
      /** Whether the app restarts by itself to finish (the desktop app does; a browser window cannot). */
      restarting: z.boolean(),
    }),
  }),
  'app.notices': route({ input: z.object({}), output: z.array(z.string()) }),
  'updates.state': route({ input: z.object({}), output: UpdateState }),
  'updates.check': route({ input: z.object({}), output: UpdateState }),
  /**
   * Quits, installs the downloaded version and starts it. While a batch runs it asks first: without `evenDuringBatch`
   * the answer is a `batch_running` error naming it.
   */
  'updates.install': route({
    input: z.object({ evenDuringBatch: z.boolean().default(false) }),
    output: z.object({ installing: z.boolean() }),
  }),
  /** Asked once by the page when it starts: the address a link opened the app at, if any. */
  'app.takeLinkPath': route({ input: z.object({}), output: z.object({ path: z.string().nullable() }) }),
  /** Puts the gateway-desk:// link of an address of the app on the clipboard (Copy link). */
  'app.copyLink': route({
    input: z.object({ path: z.string().max(2000) }),
    output: z.object({ link: z.string() }),
  }),
  /** Cancels a long call the renderer started with this request id. */
  'requests.cancel': route({
    input: z.object({ requestId: z.string().min(1).max(100) }),
    output: z.object({ cancelled: z.boolean() }),
  }),
  /** What a screen was writing and has not sent, kept across restarts; null when there is none. */
  'drafts.get': route({ input: z.object({ kind: DraftKind }), output: z.object({ draft: z.unknown() }) }),
  /** Keeps a screen's draft, in its screen's shape (`draftSchemas`), at most `draftLimitBytes` as JSON. */
  'drafts.keep': route({ input: z.object({ kind: DraftKind, draft: z.unknown() }), output: z.object({}) }),
  'preferences.get': route({ input: z.object({}), output: Preferences }),
  'preferences.update': route({ input: Preferences.partial(), output: Preferences }),
  /** Keeps one choice made in a questionnaire's scores, merged into what main keeps of the others. */
  'preferences.keepScoring': route({ input: ScoringChoice, output: Preferences }),
}
