// Links from outside open an address to look at, or nothing, with the reason; the app's own links read back.
import { describe, expect, it } from 'vitest'
import { linkOfPath, pathOfLink } from './deep-links.ts'

describe('gateway-desk links', () => {
  it('open a job, a model, a run, a batch, an image or a screen with its filters', () => {
    const id = '4ef87f5a-87b0-45a0-826f-d3ef3dcbe546'
    expect(pathOfLink(`gateway-desk://videos/${id}`)).toEqual({ ok: true, path: `/videos?job=${id}` })
    expect(pathOfLink('gateway-desk://models/aurora/flash-2')).toEqual({
      ok: true,
      path: '/models?model=aurora%2Fflash-2',
    })
    expect(pathOfLink(`gateway-desk://decisions/runs/${id}`)).toEqual({
      ok: true,
      path: `/decisions?run=${id}&view=runs`,
    })
    expect(pathOfLink(`gateway-desk://decisions/batches/${id}`)).toEqual({
      ok: true,
      path: `/decisions?batch=${id}&view=batch`,
    })
    expect(pathOfLink('gateway-desk://videos?status=failed&q=kite')).toEqual({
      ok: true,
      path: '/videos?status=failed&q=kite',
    })
    expect(pathOfLink('gateway-desk://settings')).toEqual({ ok: true, path: '/settings' })
    expect(pathOfLink('gateway-desk://models/?provider=aurora&sort=prompt')).toEqual({
      ok: true,
      path: '/models?provider=aurora&sort=prompt',
    })
  })

  it('refuse anything else, saying why', () => {
    const refused: [string, RegExp][] = [
      ['gateway-desk://billing/1', /no screen called “billing”/],
      ['gateway-desk://videos?status=exploded', /does not take status=exploded/],
      ['gateway-desk://videos?delete=1', /does not take “delete”/],
      ['gateway-desk://settings/profiles', /nothing at “profiles”/],
      ['gateway-desk://decisions/questionnaires/x', /nothing at/],
      ['gateway-desk://videos/..%2F..%2Fetc', /not an id the app gives/],
      ['gateway-desk://videos/%E0%A4%A', /broken %-escape/],
      ['https://example.com/videos/1', /not a gateway-desk:\/\/ link/],
      ['gateway-desk://user:pw@videos/1', /parts the app’s links never have/],
      ['not a link', /not a link/],
      [`gateway-desk://videos/${'a'.repeat(3000)}`, /longer than any link/],
      // A control character is quoted as it was checked, never dropped into something that reads as valid.
      ['gateway-desk://videos/job%00-1', /^“job\\u\{0\}-1” holds a control or direction mark/],
      ['gateway-desk://videos?q=kite%E2%80%8F', /^“kite\\u\{200f\}” holds a control or direction mark/],
      // An id whose parts would move up a request path.
      ['gateway-desk://models?model=a/../../v1/keys', /not an id the app gives|does not take/],
      ['gateway-desk://models/a%2F..%2F..%2Fv1%2Fkeys', /not an id the app gives/],
      ['gateway-desk://models/a//b', /not an id the app gives/],
    ]
    for (const [link, reason] of refused) {
      const opened = pathOfLink(link)
      expect(opened.ok, link).toBe(false)
      if (!opened.ok) expect(opened.reason).toMatch(reason)
    }
  })

  it('never give an id a part that moves up a path', () => {
    // Dots in the link's own path are resolved by the URL before anything reads it: what is left is a plain id.
    expect(pathOfLink('gateway-desk://models/a/../../v1/keys')).toEqual({
      ok: true,
      path: '/models?model=v1%2Fkeys',
    })
  })

  it('make links that open the same address again', () => {
    for (const path of [
      '/videos?job=4ef87f5a-87b0-45a0-826f-d3ef3dcbe546',
      '/models?model=aurora%2Fflash-2',
      '/decisions?run=r1&view=runs',
      '/decisions?batch=b1&view=batch',
      '/videos?status=failed&q=kite',
      '/settings',
    ]) {
      const link = linkOfPath(path)
      expect(link).toMatch(/^gateway-desk:\/\//)
      const opened = pathOfLink(link)
      expect(opened.ok && new URLSearchParams(opened.path.split('?')[1]).toString()).toBe(
        new URLSearchParams(path.split('?')[1] ?? '').toString() || '',
      )
    }
    expect(linkOfPath('/videos?job=j1')).toBe('gateway-desk://videos/j1')
    expect(linkOfPath('/models?model=aurora%2Fflash-2')).toBe('gateway-desk://models/aurora/flash-2')
  })
})
