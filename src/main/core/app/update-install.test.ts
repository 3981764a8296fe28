// Restarting to update never stops a running batch without the person saying so.
import { describe, expect, it } from 'vitest'
import type { UpdateState } from '#shared/ipc/routes/app'
import type { Platform } from '../platform.ts'
import { createAppService } from './service.ts'

function service(status: UpdateState['status'], runningBatch: string | null) {
  const installs: string[] = []
  const platform = {
    updater: {
      state: () => ({
        supported: true,
        version: '0.1.0',
        channel: 'latest',
        status,
        available: '0.2.0',
        progress: 100,
        lastCheck: 1,
        problem: null,
      }),
      check: async () => {},
      install: () => void installs.push('installed'),
      onChange: () => {},
    },
  } as unknown as Platform
  const app = createAppService({
    platform,
    preferences: {} as never,
    events: { emit: () => {} } as never,
    requests: {} as never,
    notices: () => [],
    archive: {} as never,
    drafts: {} as never,
    refusedLink: () => {},
    runningBatch: () => runningBatch,
  })
  return { app, installs }
}

describe('restart to update', () => {
  it('asks first while a batch runs, and installs once the person says so', () => {
    const { app, installs } = service('ready', 'Ticket triage')
    expect(() => app.installUpdate(false)).toThrow(
      expect.objectContaining({
        code: 'batch_running',
        message: expect.stringContaining('“Ticket triage” is running'),
      }),
    )
    expect(installs).toEqual([])
    expect(app.installUpdate(true)).toEqual({ installing: true })
    expect(installs).toEqual(['installed'])
  })

  it('installs at once with no batch running, and refuses before a version is downloaded', () => {
    expect(service('ready', null).app.installUpdate(false)).toEqual({ installing: true })
    const early = service('downloading', null)
    expect(() => early.app.installUpdate(true)).toThrow('No update is downloaded yet.')
    expect(early.installs).toEqual([])
  })
})
