// A self-signed certificate for the loopback webhook receiver: ECDSA P-256 signed with SHA-256, valid for
// 127.0.0.1 and localhost. Encoded by @peculiar/x509 (a maintained X.509 library) over Node's WebCrypto.
// @peculiar/x509 resolves its providers through tsyringe, which needs the Reflect metadata polyfill first.
import 'reflect-metadata'
import { randomBytes, webcrypto } from 'node:crypto'
import * as x509 from '@peculiar/x509'

x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0])

export interface SelfSignedCertificate {
  cert: string
  key: string
}

const algorithm = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const

export async function createSelfSignedCertificate(options: {
  commonName: string
  days: number
  now?: Date
}): Promise<SelfSignedCertificate> {
  const now = options.now ?? new Date()
  const keys = await webcrypto.subtle.generateKey(algorithm, true, ['sign', 'verify'])
  const certificate = await x509.X509CertificateGenerator.createSelfSigned({
    // A positive serial of 16 random bytes; the library encodes the INTEGER as DER requires.
    serialNumber: `01${randomBytes(15).toString('hex')}`,
    name: [{ CN: [options.commonName] }],
    notBefore: new Date(now.getTime() - 60_000),
    notAfter: new Date(now.getTime() + options.days * 86_400_000),
    signingAlgorithm: algorithm,
    keys: keys as unknown as x509.X509CertificateCreateSelfSignedParams['keys'],
    extensions: [
      new x509.SubjectAlternativeNameExtension([
        { type: 'dns', value: 'localhost' },
        { type: 'ip', value: '127.0.0.1' },
      ]),
      new x509.BasicConstraintsExtension(false),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
    ],
  })
  const pkcs8 = await webcrypto.subtle.exportKey('pkcs8', keys.privateKey)
  const key = `-----BEGIN PRIVATE KEY-----\n${Buffer.from(pkcs8)
    .toString('base64')
    .replace(/(.{64})/g, '$1\n')
    .trimEnd()}\n-----END PRIVATE KEY-----\n`
  return { cert: certificate.toString('pem'), key }
}
