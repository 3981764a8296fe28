// Which IP addresses the app and the sandbox must never send to on a gateway's say-so (webhooks, result
// downloads, image fetches): anything but global unicast. Addresses are read by ipaddr.js; an IPv6 address
// that carries an IPv4 one (compatible, mapped, translated, NAT64, 6to4) is judged by the IPv4 address it carries.
import ipaddr from 'ipaddr.js'

const bare = (text: string) => text.replace(/^\[|\]$/g, '').replace(/%.*$/, '')

/** 4 or 6 for an address in its usual written form (`[::1]` too), else 0. */
export function isIP(text: string): 0 | 4 | 6 {
  const address = bare(text)
  if (ipaddr.IPv4.isValidFourPartDecimal(address)) return 4
  return address.includes(':') && ipaddr.IPv6.isValid(address) ? 6 : 0
}

function forbiddenV4(address: ipaddr.IPv4): boolean {
  return address.range() !== 'unicast'
}

/** The IPv4 address an IPv6 one carries, for the forms that carry one. */
function carriedV4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const parts = address.parts
  const from = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff])
  // IPv4-compatible (::/96, deprecated but still routed by some stacks): a URL writes `[::127.0.0.1]` as `[::7f00:1]`.
  if (parts.slice(0, 6).every((part) => part === 0)) return from(parts[6] ?? 0, parts[7] ?? 0)
  switch (address.range()) {
    case 'ipv4Mapped':
    case 'rfc6145':
    case 'rfc6052':
      return from(parts[6] ?? 0, parts[7] ?? 0)
    case '6to4':
      return from(parts[1] ?? 0, parts[2] ?? 0)
    default:
      return null
  }
}

/** True for any address a gateway may not make the app reach; also true for anything that is not an address. */
export function isForbiddenAddress(text: string): boolean {
  const address = bare(text)
  if (!ipaddr.isValid(address)) return true
  const parsed = ipaddr.parse(address)
  if (parsed.kind() === 'ipv4') return forbiddenV4(parsed as ipaddr.IPv4)
  const v6 = parsed as ipaddr.IPv6
  // NAT64 for local use (64:ff9b:1::/48) translates to a network of its own: never a public destination.
  if (v6.range() === 'rfc6052' && (v6.parts[2] !== 0 || v6.parts[1] !== 0xff9b)) return true
  const carried = carriedV4(v6)
  if (carried) return forbiddenV4(carried)
  return v6.range() !== 'unicast'
}

/** A host on this computer or its network: a local name or a private, loopback or link-local address. */
export function isLocalHost(host: string): boolean {
  return isForbiddenHostName(host) || (isIP(host) !== 0 && isForbiddenAddress(host))
}

/** Host names that point at a metadata service or at this machine, refused before any lookup. */
export function isForbiddenHostName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '')
  return (
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    name === 'metadata.google.internal' ||
    name === 'metadata'
  )
}
