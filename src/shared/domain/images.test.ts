import { describe, expect, it } from 'vitest'
import { checkSourceFile, imageOptionsOf } from './images.ts'

describe('image models and files', () => {
  it('offers the options a model lists, and never n for family B', () => {
    expect(imageOptionsOf('B', ['quality', 'size', 'n', 'output_format'])).toEqual([
      'quality',
      'size',
      'output_format',
    ])
    expect(imageOptionsOf('C', ['size', 'input_images', 'n'])).toEqual(['size', 'n'])
  })

  it('refuses files that are not PNG or JPEG images, empty, or too large, naming the file', () => {
    expect(checkSourceFile({ name: 'a.txt', type: 'text/plain', size: 3 })).toContain('a.txt is not an image')
    expect(checkSourceFile({ name: 'a.webp', type: 'image/webp', size: 3 })).toContain(
      'WEBP image; editing takes PNG or JPEG',
    )
    expect(checkSourceFile({ name: 'a.png', type: 'image/png', size: 26 * 1024 * 1024 })).toContain(
      '26.0 MiB',
    )
    expect(checkSourceFile({ name: 'a.png', type: 'image/png', size: 0 })).toContain('empty')
    expect(checkSourceFile({ name: 'a.jpg', type: 'image/jpeg', size: 1000 })).toBeNull()
  })
})
