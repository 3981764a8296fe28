// Routes about the app itself: what is running, preferences, and opening links outside the app.
import { z } from 'zod'
import { route } from '../contract.ts'

export const ThemePreference = z.enum(['system', 'light', 'dark'])
export type ThemePreference = z.infer<typeof ThemePreference>

export const Preferences = z.object({
  theme: ThemePreference,
})
export type Preferences = z.infer<typeof Preferences>

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
  'app.notices': route({ input: z.object({}), output: z.array(z.string()) }),
  /** Cancels a long call the renderer started with this request id. */
  'requests.cancel': route({
    input: z.object({ requestId: z.string().min(1).max(100) }),
    output: z.object({ cancelled: z.boolean() }),
  }),
  'preferences.get': route({ input: z.object({}), output: Preferences }),
  'preferences.update': route({ input: Preferences.partial(), output: Preferences }),
}
