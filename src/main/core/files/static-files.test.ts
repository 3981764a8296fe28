import { describe, expect, it } from 'vitest'
import { resolveStaticFile } from './static-files.ts'

describe('resolveStaticFile', () => {
  it('maps paths inside the folder, and / to index.html', () => {
    expect(resolveStaticFile('/srv/app', '/')).toBe('/srv/app/index.html')
    expect(resolveStaticFile('/srv/app', '/assets/a.js')).toBe('/srv/app/assets/a.js')
  })

  it('refuses paths that leave the folder or are malformed', () => {
    expect(resolveStaticFile('/srv/app', '/../secret')).toBeNull()
    expect(resolveStaticFile('/srv/app', '/%2e%2e/secret')).toBeNull()
    expect(resolveStaticFile('/srv/app', '/%E0%A4%A')).toBeNull()
    expect(resolveStaticFile('/srv/app', '/a%00.js')).toBeNull()
    expect(resolveStaticFile('/srv/app', '/../app-other/x')).toBeNull()
  })
})
