// `profiles list | add | remove | use | test`: the app's profiles from a terminal, in the folder's owner. A key
// given with `--api-key-stdin` goes to the owner's secret store: the system keychain when the app owns the folder
// (or its executable runs the command), else memory for that run only; it is never written in plain text.
import type { Profile } from '#shared/ipc/routes/profiles'
import { CommandEnd, exitCodes, print, printJson, table, usageError, warn } from './output.ts'
import { type GlobalOptions, type Session, withSession } from './session.ts'

/** A profile by its name or id, as the person typed it. */
async function profileNamed(session: Session, wanted: string): Promise<Profile> {
  const profiles = await session.call('profiles.list', {})
  const key = wanted.trim().toLowerCase()
  const found = profiles.find((one) => one.id.toLowerCase() === key || one.name.toLowerCase() === key)
  if (!found)
    throw usageError(
      `There is no profile called “${wanted}”. The profiles are: ${profiles.map((one) => one.name).join(', ')}.`,
    )
  return found
}

const keyWords = (profile: Profile) =>
  profile.kind === 'sandbox' ? 'built in' : profile.secrets?.apiKey?.set ? 'key kept' : 'no key kept'

export function profilesList(global: GlobalOptions) {
  return withSession(global, { makesNoFolder: true }, async (session) => {
    const profiles = await session.call('profiles.list', {})
    if (global.json) for (const profile of profiles) printJson('profile', profile)
    else
      print(
        table(
          ['name', 'address', 'key', 'active'],
          profiles.map((one) => [
            one.name,
            one.baseUrl ?? '(started with the app)',
            keyWords(one),
            one.active ? 'yes' : '',
          ]),
        ),
      )
    return exitCodes.done
  })
}

export function profilesAdd(global: GlobalOptions & { apiKey?: string }, name: string, baseUrl: string) {
  return withSession({ ...global, profile: undefined }, {}, async (session) => {
    const profile = await session.call('profiles.save', { name, baseUrl }).catch((error: Error) => {
      throw usageError(error.message)
    })
    let kept = false
    if (global.apiKey) {
      const status = await session.call('profiles.setSecret', {
        profileId: profile.id,
        secret: 'apiKey',
        value: global.apiKey,
      })
      kept = (await session.call('secrets.storage', {})).persistent && status.set
    }
    if (global.json) printJson('profile', { ...profile, keyKept: kept })
    else {
      print(`Added ${profile.name} at ${profile.baseUrl}.`)
      if (!kept)
        warn(
          global.apiKey
            ? 'Its key is held for this run only (no keychain here): give it as GATEWAY_API_KEY to each command.'
            : 'Give its key as GATEWAY_API_KEY (or --api-key-stdin) to each command, or set it in the app.',
        )
    }
    return exitCodes.done
  })
}

export function profilesRemove(global: GlobalOptions, name: string) {
  return withSession({ ...global, profile: undefined }, { makesNoFolder: true }, async (session) => {
    const profile = await profileNamed(session, name)
    if (profile.kind === 'sandbox') throw usageError('The built-in Sandbox cannot be removed.')
    await session.call('profiles.delete', { id: profile.id })
    if (global.json) printJson('profile', { ...profile, removed: true })
    else print(`Removed ${profile.name} and its kept secrets.`)
    return exitCodes.done
  })
}

export function profilesUse(global: GlobalOptions, name: string) {
  return withSession({ ...global, profile: undefined }, {}, async (session) => {
    const profile = await session.call('profiles.activate', { id: (await profileNamed(session, name)).id })
    if (global.json) printJson('profile', profile)
    else print(`${profile.name} is the active profile, in the app too.`)
    return exitCodes.done
  })
}

export function profilesTest(global: GlobalOptions, name: string | undefined) {
  return withSession(global, { makesNoFolder: true }, async (session) => {
    const id = name ? (await profileNamed(session, name)).id : session.profileId
    const test = await session.call('profiles.testConnection', { id })
    if (global.json) printJson('connection', { profileId: id, ...test })
    else print(`${test.outcome === 'ok' ? 'Reached' : 'Not reached'}: ${test.message} (${test.latencyMs} ms)`)
    if (test.outcome !== 'ok') throw new CommandEnd(exitCodes.unreachable, test.message)
    return exitCodes.done
  })
}
