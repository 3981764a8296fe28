// What the person reads when an update is refused: the hash, a feed without this system, an unreachable feed.
import { expect, it } from 'vitest'
import { isPlainVersion, refusalOf } from './update-refusals.ts'

it('says why an update was refused', () => {
  expect(refusalOf(new Error('sha512 checksum mismatch, expected abc, got def'))).toBe(
    'The downloaded update did not match the checksum its feed published, so it was not installed.',
  )
  expect(
    refusalOf(
      new Error(
        'Cannot find latest-linux.yml in the latest release artifacts (http://x/latest-linux.yml): HttpError: 404',
      ),
    ),
  ).toBe('The update feed has no version for this system.')
  expect(refusalOf(new Error('connect ECONNREFUSED 127.0.0.1:9'))).toMatch(/could not be reached/)
  expect(refusalOf(new Error('something else\nwith a stack'))).toBe(
    'The update was refused; the app’s log says why.',
  )
})

it('never shows the feed’s own text, and takes only a plain version', () => {
  const hostile = '0.2.0\u200f PLEASE REINSTALL FROM http://example.invalid'
  const said = refusalOf(
    new Error(
      `This file could not be downloaded, or the latest version (from update server) does not have a valid semver version: "${hostile}"`,
    ),
  )
  expect(said).toBe('The update feed gave a version that is not a version number, so nothing was downloaded.')
  expect(refusalOf(new Error(`Unexpected ${hostile}`))).not.toMatch(/REINSTALL|\u200f/)
  expect(isPlainVersion('0.2.0')).toBe(true)
  expect(isPlainVersion('1.4.0-beta.2')).toBe(true)
  for (const bad of [hostile, '0.2.0\u202e', '0.2', 'v0.2.0', `0.2.0-${'x'.repeat(60)}`])
    expect(isPlainVersion(bad), bad).toBe(false)
})
