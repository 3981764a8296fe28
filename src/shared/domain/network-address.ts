// Which IP addresses a webhook must never be sent to: private, loopback, link-local, unique-local,
// multicast, reserved and cloud-metadata addresses, in IPv4, IPv6 and IPv4-mapped IPv6 forms.
type Range = [prefix: bigint, bits: number]

const v4Ranges: [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
]

const v6Ranges: [string, number][] = [
  ['::', 128],
  ['::1', 128],
  ['fe80::', 10],
  ['fc00::', 7],
  ['ff00::', 8],
  ['2001:db8::', 32],
  ['100::', 64],
]

export function parseIPv4(text: string): bigint | null {
  const parts = text.split('.')
  if (parts.length !== 4 || parts.some((part) => !/^\d{1,3}$/.test(part) || Number(part) > 255)) return null
  return parts.reduce((value, part) => (value << 8n) | BigInt(Number(part)), 0n)
}

export function parseIPv6(text: string): bigint | null {
  let address = text
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '')
  const v4Tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(address)
  if (v4Tail?.[1]) {
    const v4 = parseIPv4(v4Tail[1])
    if (v4 === null) return null
    address = `${address.slice(0, -v4Tail[1].length)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`
  }
  const halves = address.split('::')
  if (halves.length > 2) return null
  const head = halves[0] ? halves[0].split(':') : []
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : []
  const missing = 8 - head.length - tail.length
  if ((halves.length === 1 && missing !== 0) || missing < 0) return null
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail]
  if (groups.length !== 8 || groups.some((group) => !/^[0-9a-f]{1,4}$/.test(group))) return null
  return groups.reduce((value, group) => (value << 16n) | BigInt(Number.parseInt(group, 16)), 0n)
}

export function isIP(text: string): 0 | 4 | 6 {
  if (parseIPv4(text) !== null) return 4
  if (text.includes(':') && parseIPv6(text) !== null) return 6
  return 0
}

const toRanges = (list: [string, number][], parse: (text: string) => bigint | null, width: number): Range[] =>
  list.map(([text, bits]) => [parse(text)! >> BigInt(width - bits), bits])

const v4 = toRanges(v4Ranges, parseIPv4, 32)
const v6 = toRanges(v6Ranges, parseIPv6, 128)
const inRanges = (value: bigint, ranges: Range[], width: number) =>
  ranges.some(([prefix, bits]) => value >> BigInt(width - bits) === prefix)

/** True for any address a webhook must not reach; also true for anything that is not an IP address. */
export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address)
  if (family === 4) return inRanges(parseIPv4(address)!, v4, 32)
  if (family !== 6) return true
  const value = parseIPv6(address)!
  // IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d) and NAT64 (64:ff9b::a.b.c.d) carry an IPv4 address.
  const mapped = value >> 32n === 0xffffn || value >> 32n === 0n || value >> 32n === 0x64ff9b0000000000000000n
  if (mapped && value > 1n) return inRanges(value & 0xffffffffn, v4, 32)
  return inRanges(value, v6, 128)
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
