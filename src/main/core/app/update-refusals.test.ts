// What the person reads when an update is refused: the hash, a feed without this system, an unreachable feed.
import { expect, it } from 'vitest'
import { refusalOf } from './update-refusals.ts'

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
  expect(refusalOf(new Error('something else\nwith a stack'))).toBe('The update was refused: something else')
})
