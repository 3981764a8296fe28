// A self-signed certificate for the loopback webhook receiver: ECDSA P-256 signed with SHA-256, valid for
// 127.0.0.1 and localhost. Written with node:crypto and a small DER encoder, so no OpenSSL binary or
// certificate package is needed.
import { generateKeyPairSync, randomBytes, sign } from 'node:crypto'

const der = (tag: number, content: Buffer): Buffer => {
  const length = content.length
  const header =
    length < 0x80
      ? Buffer.from([tag, length])
      : length < 0x100
        ? Buffer.from([tag, 0x81, length])
        : Buffer.from([tag, 0x82, length >> 8, length & 0xff])
  return Buffer.concat([header, content])
}
const sequence = (...items: Buffer[]) => der(0x30, Buffer.concat(items))
const set = (...items: Buffer[]) => der(0x31, Buffer.concat(items))
const integer = (bytes: Buffer) =>
  der(0x02, bytes[0]! & 0x80 ? Buffer.concat([Buffer.from([0]), bytes]) : bytes)
const utf8 = (text: string) => der(0x0c, Buffer.from(text, 'utf8'))
const octets = (content: Buffer) => der(0x04, content)
const bits = (content: Buffer) => der(0x03, Buffer.concat([Buffer.from([0]), content]))
const explicit = (tag: number, content: Buffer) => der(0xa0 | tag, content)

function oid(dotted: string): Buffer {
  const [first = 0, second = 0, ...rest] = dotted.split('.').map(Number)
  const bytes = [first * 40 + second]
  for (const part of rest) {
    const chunk = [part & 0x7f]
    for (let value = part >> 7; value > 0; value >>= 7) chunk.unshift((value & 0x7f) | 0x80)
    bytes.push(...chunk)
  }
  return der(0x06, Buffer.from(bytes))
}

function time(date: Date): Buffer {
  const iso = date.toISOString().replace(/[-:T]/g, '').slice(0, 14)
  return date.getUTCFullYear() < 2050
    ? der(0x17, Buffer.from(`${iso.slice(2)}Z`))
    : der(0x18, Buffer.from(`${iso}Z`))
}

const ecdsaWithSha256 = sequence(oid('1.2.840.10045.4.3.2'))

export interface SelfSignedCertificate {
  cert: string
  key: string
}

export function createSelfSignedCertificate(options: {
  commonName: string
  days: number
  now?: Date
}): SelfSignedCertificate {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
  const now = options.now ?? new Date()
  const name = sequence(set(sequence(oid('2.5.4.3'), utf8(options.commonName))))
  const serial = randomBytes(16)
  serial[0]! &= 0x7f
  const subjectAltName = sequence(der(0x82, Buffer.from('localhost')), der(0x87, Buffer.from([127, 0, 0, 1])))
  const extensions = explicit(
    3,
    sequence(
      sequence(oid('2.5.29.17'), octets(subjectAltName)),
      sequence(oid('2.5.29.19'), octets(sequence())),
      sequence(oid('2.5.29.37'), octets(sequence(oid('1.3.6.1.5.5.7.3.1')))),
    ),
  )
  const tbs = sequence(
    explicit(0, integer(Buffer.from([2]))),
    integer(serial),
    ecdsaWithSha256,
    name,
    sequence(
      time(new Date(now.getTime() - 60_000)),
      time(new Date(now.getTime() + options.days * 86_400_000)),
    ),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
    extensions,
  )
  const certificate = sequence(tbs, ecdsaWithSha256, bits(sign('sha256', tbs, privateKey)))
  const pem = certificate
    .toString('base64')
    .match(/.{1,64}/g)!
    .join('\n')
  return {
    cert: `-----BEGIN CERTIFICATE-----\n${pem}\n-----END CERTIFICATE-----\n`,
    key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  }
}
