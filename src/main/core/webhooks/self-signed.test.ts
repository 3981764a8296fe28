import { X509Certificate } from 'node:crypto'
import { createServer, request } from 'node:https'
import type { AddressInfo } from 'node:net'
import { createSecureContext } from 'node:tls'
import { describe, expect, it } from 'vitest'
import { createSelfSignedCertificate } from './self-signed.ts'

describe('createSelfSignedCertificate', () => {
  it('makes a SHA-256 certificate for 127.0.0.1 and localhost that verifies with its own key', async () => {
    const { cert } = await createSelfSignedCertificate({
      commonName: 'Gateway Desk webhook receiver',
      days: 825,
    })
    const parsed = new X509Certificate(cert)
    expect(parsed.subjectAltName).toContain('DNS:localhost')
    expect(parsed.subjectAltName).toContain('IP Address:127.0.0.1')
    expect(parsed.checkIP('127.0.0.1')).toBe('127.0.0.1')
    expect(parsed.checkHost('localhost')).toBe('localhost')
    expect(parsed.verify(parsed.publicKey)).toBe(true)
    expect(parsed.subject).toContain('CN=Gateway Desk webhook receiver')
    expect(new Date(parsed.validTo).getTime() - Date.now()).toBeGreaterThan(800 * 86_400_000)
  })

  it('serves HTTPS that a client pinned to the certificate accepts', async () => {
    const { cert, key } = await createSelfSignedCertificate({ commonName: 'test', days: 1 })
    const server = createServer({ cert, key }, (_req, res) => res.end('ok'))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const port = (server.address() as AddressInfo).port
    const body = await new Promise<string>((resolve, reject) => {
      request({ host: '127.0.0.1', port, ca: cert, path: '/' }, (res) => {
        let text = ''
        res.on('data', (chunk: Buffer) => {
          text += chunk
        })
        res.on('end', () => resolve(text))
      })
        .on('error', reject)
        .end()
    })
    server.close()
    expect(body).toBe('ok')
  })

  it('makes certificates that parse and load every time (2,000 in a row)', async () => {
    const serials = new Set<string>()
    for (let index = 0; index < 2000; index += 1) {
      const { cert, key } = await createSelfSignedCertificate({ commonName: `run ${index}`, days: 1 })
      const parsed = new X509Certificate(cert)
      expect(parsed.verify(parsed.publicKey)).toBe(true)
      expect(() => createSecureContext({ cert, key })).not.toThrow()
      serials.add(parsed.serialNumber)
    }
    expect(serials.size).toBe(2000)
  }, 120_000)
})
