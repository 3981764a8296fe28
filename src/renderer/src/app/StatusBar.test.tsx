// The status bar's word on the connection follows the freshest check: a test from Settings that finds the
// service answering replaces an earlier "Unreachable" at once, without waiting for the next minute's check.
import { act } from 'react'
import { afterEach, expect, it } from 'vitest'
import type { Bridge } from '#shared/ipc/bridge'
import { ProfileCard } from '../features/settings/ProfileCard.tsx'
import { renderInPage, until } from '../test-page.tsx'
import { StatusBar } from './StatusBar.tsx'

afterEach(() => {
  document.body.innerHTML = ''
})

const sandbox = {
  id: 'sandbox',
  name: 'Sandbox',
  kind: 'sandbox',
  baseUrl: 'http://127.0.0.1:1',
  active: true,
}

it('a connection test in Settings answers the status bar too', async () => {
  let serviceUp = false
  const outcome = () =>
    serviceUp
      ? { outcome: 'ok', message: 'Connected.', latencyMs: 3 }
      : { outcome: 'unreachable', message: 'Nothing is listening.', latencyMs: 3 }
  const bridge = {
    invoke: async (route: string) => {
      if (route === 'profiles.list') return { ok: true, data: [sandbox] }
      if (route === 'profiles.health' || route === 'profiles.testConnection')
        return { ok: true, data: outcome() }
      if (route === 'spend.today') return { ok: true, data: null }
      return { ok: true, data: null }
    },
    on: () => () => {},
  } as unknown as Bridge
  const { container } = await renderInPage(
    <>
      <StatusBar />
      <ProfileCard profile={sandbox as never} otherNames={[]} />
    </>,
    bridge,
  )
  const health = () => container.querySelector('.status-bar__health')?.textContent
  await until(() => health() === 'Unreachable')

  const testButton = [...container.querySelectorAll('button')].find(
    (b) => b.textContent === 'Test connection',
  )
  // A failure says what happened, not how long it took to fail.
  await act(async () => testButton?.click())
  await until(() => container.querySelector('[role="status"]')?.textContent?.includes('Nothing') === true)
  expect(container.querySelector('[role="status"]')?.textContent).toBe('Nothing is listening.')
  serviceUp = true
  await act(async () => testButton?.click())
  await until(() => container.querySelector('[role="status"]')?.textContent?.includes('Connected') === true)
  // The status bar reads the same answer, in a render of its own.
  await until(() => health() === 'Connected')
  expect(container.querySelector('[role="status"]')?.textContent).toBe('Connected. · answered in 3 ms')
})

it('says the built-in Sandbox is starting, on this computer, until its first answer', async () => {
  let answer: (value: unknown) => void = () => {}
  const firstCheck = new Promise((resolve) => {
    answer = resolve
  })
  const bridge = {
    invoke: async (route: string) => {
      if (route === 'profiles.list') return { ok: true, data: [{ ...sandbox, baseUrl: null }] }
      if (route === 'profiles.health') return { ok: true, data: await firstCheck }
      return { ok: true, data: null }
    },
    on: () => () => {},
  } as unknown as Bridge
  const { container } = await renderInPage(<StatusBar />, bridge)
  const text = () => container.querySelector('.status-bar')?.textContent ?? ''
  await until(() => text().includes('Starting…'))
  expect(text()).toContain('built in, on this computer')
  expect(text()).not.toMatch(/Checking|offline/)
  await act(async () => answer({ outcome: 'ok', message: 'Connected.', latencyMs: 3 }))
  await until(() => text().includes('Connected'))
})

it('keeps the test’s answer over a check asked before it that answers after it', async () => {
  let answer: (value: unknown) => void = () => {}
  const slowCheck = new Promise((resolve) => {
    answer = resolve
  })
  const bridge = {
    invoke: async (route: string) => {
      if (route === 'profiles.list') return { ok: true, data: [sandbox] }
      if (route === 'profiles.health') return { ok: true, data: await slowCheck }
      if (route === 'profiles.testConnection')
        return { ok: true, data: { outcome: 'ok', message: 'Connected.', latencyMs: 3 } }
      return { ok: true, data: null }
    },
    on: () => () => {},
  } as unknown as Bridge
  const { container } = await renderInPage(
    <>
      <StatusBar />
      <ProfileCard profile={sandbox as never} otherNames={[]} />
    </>,
    bridge,
  )
  const health = () => container.querySelector('.status-bar__health')?.textContent
  // The status bar's first check is under way.
  await until(() => container.querySelector('.status-bar')?.textContent?.includes('Starting…') === true)
  const testButton = [...container.querySelectorAll('button')].find(
    (b) => b.textContent === 'Test connection',
  )
  await act(async () => testButton?.click())
  await until(() => health() === 'Connected')
  // The check asked at the start (before the Sandbox was up) comes back late, and is not the freshest word.
  await act(async () => answer({ outcome: 'unreachable', message: 'Nothing is listening.', latencyMs: 8000 }))
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)))
  expect(health()).toBe('Connected')
})
