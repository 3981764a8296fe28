// The window's commands: the keys of a command run it only while it can run, a screen's own handler stands over
// the app's while it is registered, and the commands last run come first.
import { afterEach, describe, expect, it } from 'vitest'
import {
  availableCommands,
  commandForKeys,
  recentCommands,
  registerCommands,
  runCommand,
} from './commands.ts'

const unregister: (() => void)[] = []
afterEach(() => {
  for (const done of unregister.splice(0)) done()
  localStorage.clear()
})

const keys = (key: string, extra: Partial<KeyboardEventInit> = {}) =>
  new KeyboardEvent('keydown', { key, ctrlKey: true, ...extra })

describe('the window’s commands', () => {
  it('run from their keys only while they can run', () => {
    let canRun = false
    let runs = 0
    unregister.push(registerCommands({ 'decisions.run': { run: () => runs++, when: () => canRun } }))
    expect(commandForKeys(keys('Enter'))).toBeUndefined()
    expect(runCommand('decisions.run')).toBe(false)
    canRun = true
    expect(commandForKeys(keys('Enter'))).toBe('decisions.run')
    expect(runCommand('decisions.run')).toBe(true)
    expect(runs).toBe(1)
    expect(commandForKeys(keys('Enter', { altKey: true }))).toBeUndefined()
    expect(commandForKeys(new KeyboardEvent('keydown', { key: 'Enter' }))).toBeUndefined()
    expect(commandForKeys(keys('z', { shiftKey: true }))).toBeUndefined()
  })

  it('take the other keys people expect: Ctrl+Y redoes and Ctrl+S saves in the builder', () => {
    unregister.push(
      registerCommands({ 'decisions.redo': { run: () => {} }, 'decisions.save': { run: () => {} } }),
    )
    expect(commandForKeys(keys('y'))).toBe('decisions.redo')
    expect(commandForKeys(keys('z', { shiftKey: true }))).toBe('decisions.redo')
    expect(commandForKeys(keys('s'))).toBe('decisions.save')
  })

  it('take a screen’s own handler over the app’s while it is there, and list only what can run', () => {
    const ran: string[] = []
    unregister.push(registerCommands({ 'go.videos': { run: () => ran.push('app') } }))
    const screen = registerCommands({ 'go.videos': { run: () => ran.push('screen') } })
    runCommand('go.videos')
    screen()
    runCommand('go.videos')
    expect(ran).toEqual(['screen', 'app'])
    expect(availableCommands().map((command) => command.id)).toEqual(['go.videos'])
  })

  it('remember the commands last run, the latest first, each once', () => {
    unregister.push(
      registerCommands({
        'theme.dark': { run: () => {} },
        'theme.light': { run: () => {} },
      }),
    )
    runCommand('theme.dark')
    runCommand('theme.light')
    runCommand('theme.dark')
    expect(recentCommands()).toEqual(['theme.dark', 'theme.light'])
  })
})
