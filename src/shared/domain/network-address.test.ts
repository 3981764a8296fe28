import { describe, expect, it } from 'vitest'
import { isForbiddenAddress, isForbiddenHostName, isIP } from './network-address.ts'

describe('isForbiddenAddress', () => {
  it.each([
    '10.1.2.3',
    '127.0.0.1',
    '127.255.0.9',
    '169.254.169.254',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.0.1',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '::1',
    '::',
    'fe80::1',
    'fd00:ec2::254',
    'fc00::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:169.254.169.254',
    '::ffff:a9fe:a9fe',
    '64:ff9b::10.0.0.1',
    '::ffff:0:7f00:1',
    '::7f00:1',
    '::a00:1',
    '::a9fe:a9fe',
    '2002:7f00:1::1',
    '2002:a9fe:a9fe::',
    '64:ff9b:1::1',
    '64:ff9b:1::808:808',
    'fec0::1',
    '2001::1',
    '2001:db8::1',
    '100::1',
    'ff02::1',
    '127.1',
    '0x7f.0.0.1',
    '[::1]',
    'fe80::1%eth0',
    'not an address',
  ])('refuses %s', (address) => {
    expect(isForbiddenAddress(address)).toBe(true)
  })

  it.each([
    '8.8.8.8',
    '172.32.0.1',
    '93.184.216.34',
    '2606:4700::1111',
    '::ffff:8.8.8.8',
    '::808:808',
    '2002:808:808::1',
    '64:ff9b::8.8.8.8',
  ])('allows %s', (address) => {
    expect(isForbiddenAddress(address)).toBe(false)
  })

  it('reads a host written as IPv4-compatible IPv6 the way a URL normalises it', () => {
    const host = new URL('https://[::127.0.0.1]/').hostname
    expect(host).toBe('[::7f00:1]')
    expect(isForbiddenAddress(host)).toBe(true)
  })

  it('tells addresses in their usual written form from anything else', () => {
    expect(isIP('1:2:3:4:5:6:7:8')).toBe(6)
    expect(isIP('1::2::3')).toBe(0)
    expect(isIP('12345::')).toBe(0)
    expect(isIP('1.2.3')).toBe(0)
    expect(isIP('[::1]')).toBe(6)
  })

  it('refuses local and metadata host names', () => {
    expect(isForbiddenHostName('LOCALHOST.')).toBe(true)
    expect(isForbiddenHostName('api.localhost')).toBe(true)
    expect(isForbiddenHostName('metadata.google.internal')).toBe(true)
    expect(isForbiddenHostName('hooks.example.com')).toBe(false)
  })
})
