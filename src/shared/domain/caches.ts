// The rules of cached contents (document 3 §2.1, §8): TTL between 600 and 3600 seconds, 600 by default,
// given as `ttl` or `expireTime`, never both.
import { type Violation, violation } from './violation.ts'

export const cacheTtl = { minSeconds: 600, maxSeconds: 3600, defaultSeconds: 600 } as const

export const cacheMessages = {
  both: 'Set either ttl or expireTime, not both.',
  ttlFormat: 'ttl must be a number of seconds followed by "s", such as "600s".',
  expireFormat: 'expireTime must be an RFC 3339 timestamp.',
  range: (seconds: number) =>
    `The cache would live ${seconds} s; it must live between ${cacheTtl.minSeconds} and ${cacheTtl.maxSeconds} seconds.`,
} as const

/** When a cache created at `now` (ms) expires, or why the request is refused. */
export function resolveCacheExpiry(
  request: { ttl?: string | undefined; expireTime?: string | undefined },
  now: number,
): { expiresAt: number } | { violation: Violation } {
  if (request.ttl !== undefined && request.expireTime !== undefined) {
    return { violation: violation(400, 'INVALID_ARGUMENT', cacheMessages.both, ['ttl']) }
  }
  let seconds: number = cacheTtl.defaultSeconds
  if (request.ttl !== undefined) {
    const match = /^(\d+(?:\.\d+)?)s$/.exec(request.ttl)
    if (!match) return { violation: violation(400, 'INVALID_ARGUMENT', cacheMessages.ttlFormat, ['ttl']) }
    seconds = Number(match[1])
  } else if (request.expireTime !== undefined) {
    const at = Date.parse(request.expireTime)
    if (!/^\d{4}-\d{2}-\d{2}T/.test(request.expireTime) || Number.isNaN(at)) {
      return { violation: violation(400, 'INVALID_ARGUMENT', cacheMessages.expireFormat, ['expireTime']) }
    }
    seconds = Math.round((at - now) / 1000)
  }
  if (seconds < cacheTtl.minSeconds || seconds > cacheTtl.maxSeconds) {
    const field = request.expireTime !== undefined ? 'expireTime' : 'ttl'
    return { violation: violation(400, 'INVALID_ARGUMENT', cacheMessages.range(seconds), [field]) }
  }
  return { expiresAt: now + seconds * 1000 }
}
