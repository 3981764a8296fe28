// The receiver's certificate and path token, made on first run and kept in the data folder.
import { randomBytes, X509Certificate } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { SelfSignedCertificate } from './self-signed.ts'

export interface ReceiverIdentity extends SelfSignedCertificate {
  /** The unguessable part of the webhook path. */
  token: string
  /** SHA-256 fingerprint of the certificate, to show and to pin. */
  fingerprint: string
}

export async function loadReceiverIdentity(folder: string, now = new Date()): Promise<ReceiverIdentity> {
  mkdirSync(folder, { recursive: true, mode: 0o700 })
  const read = (name: string) => {
    try {
      return readFileSync(join(folder, name), 'utf8')
    } catch {
      return null
    }
  }
  let token = read('token')?.trim() ?? ''
  if (!/^[A-Za-z0-9_-]{32,}$/.test(token)) {
    token = randomBytes(24).toString('base64url')
    writeFileSync(join(folder, 'token'), token, { mode: 0o600 })
  }
  let cert = read('cert.pem')
  let key = read('key.pem')
  const valid = (() => {
    try {
      return (
        cert !== null &&
        key !== null &&
        new Date(new X509Certificate(cert).validTo).getTime() > now.getTime() + 86_400_000
      )
    } catch {
      return false
    }
  })()
  if (!valid || !cert || !key) {
    // The X.509 encoder is loaded only when a certificate is made (first run, renewal): not on every start.
    const { createSelfSignedCertificate } = await import('./self-signed.ts')
    const made = await createSelfSignedCertificate({
      commonName: 'Gateway Desk webhook receiver',
      days: 825,
      now,
    })
    cert = made.cert
    key = made.key
    writeFileSync(join(folder, 'key.pem'), key, { mode: 0o600 })
    writeFileSync(join(folder, 'cert.pem'), cert, { mode: 0o600 })
  }
  return { cert, key, token, fingerprint: new X509Certificate(cert).fingerprint256 }
}
