import { describe, expect, it } from 'vitest'
import { checkExternalUrl } from './external-links.ts'

describe('checkExternalUrl', () => {
  it('accepts a plain https link', () => {
    expect(checkExternalUrl('https://docs.example.com/a?b=c').href).toBe('https://docs.example.com/a?b=c')
  })

  it.each([
    ['http://example.com/', 'Only https'],
    ['file:///etc/passwd', 'Only https'],
    ['javascript:alert(1)', 'Only https'],
    ['app://gateway-desk/index.html', 'Only https'],
    ['https://user:pw@example.com/', 'user name or password'],
    ['not a link', 'not a valid link'],
  ])('refuses %s', (url, message) => {
    expect(() => checkExternalUrl(url)).toThrow(message)
  })
})
