import { describe, expect, it } from 'vitest'
import type { VideoCreateRequest } from '../api/videos.ts'
import { formatAmount } from './money.ts'
import {
  checkCallbackUrl,
  checkVideoReferences,
  estimateVideoCost,
  imageReferences,
  inferVideoMode,
} from './videos.ts'

const base: VideoCreateRequest = { model: 'm/v', prompt: 'p' }
const frame = (frame_type: 'first_frame' | 'last_frame') => ({
  type: 'image_url' as const,
  image_url: { url: 'u' },
  frame_type,
})
const ref = (type: 'image_url' | 'audio_url' | 'video_url') =>
  ({ type, [type]: { url: 'u' } }) as unknown as NonNullable<VideoCreateRequest['input_references']>[number]

describe('inferVideoMode', () => {
  it.each([
    ['text2video', {}],
    ['img2video', { frame_images: [frame('first_frame')] }],
    ['img2video_end', { frame_images: [frame('first_frame'), frame('last_frame')] }],
    ['imgref2video', { input_references: [ref('image_url'), ref('image_url')] }],
    ['mixref2video', { input_references: [ref('image_url'), ref('audio_url')] }],
    ['mixref2video', { input_references: [ref('video_url')] }],
  ])('%s', (mode, extra) => {
    expect(inferVideoMode({ ...base, ...extra })).toBe(mode)
  })
})

describe('checkVideoReferences', () => {
  it('applies conflict before counts before real_person', () => {
    const many = Array.from({ length: 10 }, () => ref('image_url'))
    expect(
      checkVideoReferences({ ...base, frame_images: [frame('first_frame')], input_references: many })?.code,
    ).toBe('references_conflict')
    expect(checkVideoReferences({ ...base, real_person: true, input_references: many })?.code).toBe(
      'too_many_references',
    )
    expect(
      checkVideoReferences({ ...base, real_person: true, input_references: [ref('audio_url')] })?.code,
    ).toBe('invalid_request')
    expect(
      checkVideoReferences({ ...base, real_person: true, frame_images: [frame('first_frame')] }),
    ).toBeNull()
    expect(checkVideoReferences({ ...base, frame_images: [frame('last_frame')] })?.code).toBe(
      'invalid_request',
    )
    expect(
      checkVideoReferences({ ...base, input_references: Array.from({ length: 9 }, () => ref('image_url')) }),
    ).toBeNull()
  })

  it('names image references by their field and index', () => {
    expect(imageReferences({ ...base, input_references: [ref('audio_url'), ref('image_url')] })).toEqual([
      { url: 'u', field: 'input_references[1]' },
    ])
  })
})

describe('checkCallbackUrl', () => {
  it('wants https and a public host, unless private callbacks are allowed', () => {
    expect(checkCallbackUrl('https://hooks.example.com/x')).toBeNull()
    expect(checkCallbackUrl('http://hooks.example.com/x')?.message).toMatch(/https/)
    expect(checkCallbackUrl('https://[::ffff:192.168.0.1]/x')?.code).toBe('invalid_callback_url')
    expect(checkCallbackUrl('https://127.0.0.1:8443/x', { allowPrivate: true })).toBeNull()
    expect(checkCallbackUrl('https://127.0.0.1:8443/x')?.code).toBe('invalid_callback_url')
    expect(checkCallbackUrl('not a url')?.code).toBe('invalid_callback_url')
  })
})

describe('estimateVideoCost', () => {
  it('is seconds × price × resolution factor, exactly', () => {
    expect(formatAmount(estimateVideoCost('0.05', '1080p', 4))).toBe('0.4')
    expect(formatAmount(estimateVideoCost('0.05', undefined, 5))).toBe('0.25')
    expect(formatAmount(estimateVideoCost('0.02', '480p', 3))).toBe('0.036')
  })
})
