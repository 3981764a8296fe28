import { describe, expect, it } from 'vitest'
import { VideoCreateRequest } from '#shared/api/videos'
import { checkVideoReferences, inferVideoMode } from '#shared/domain/videos'
import type { MediaInput, MediaKind } from '../../components/MediaInputs.tsx'
import { draftFromRequest, emptyDraft, requestFromDraft, type VideoDraft } from './draft.ts'

const draft = (change: Partial<VideoDraft> = {}): VideoDraft => ({
  ...emptyDraft,
  prompt: 'A paper boat on a rainy street',
  model: 'orbit/motion-2',
  ...change,
})
const media = (kind: MediaKind, url: string): MediaInput => ({ id: url, kind, url, label: url })

/** The request a draft becomes; fails the test when the draft is refused. */
function built(value: VideoDraft, modelHasAudio = false): VideoCreateRequest {
  const result = requestFromDraft(value, modelHasAudio)
  if (!result.ok) throw new Error(`refused at ${result.field}: ${result.message}`)
  expect(VideoCreateRequest.safeParse(result.request).success).toBe(true)
  return result.request
}
const refusal = (value: VideoDraft) => {
  const result = requestFromDraft(value, false)
  return result.ok ? null : result.field
}

describe('video request from the create form', () => {
  it('asks for a prompt, then a model', () => {
    expect(requestFromDraft(draft({ prompt: '  \n ' }), false)).toEqual({
      ok: false,
      field: 'prompt',
      message: 'Describe the video you want.',
    })
    expect(refusal(draft({ prompt: '' }))).toBe('prompt')
    expect(refusal(draft({ model: '' }))).toBe('model')
  })

  it('makes a text-to-video request with resolution and aspect ratio, and the prompt trimmed', () => {
    const request = built(draft({ prompt: '  a boat  ', resolution: '1080p', aspectRatio: '9:16' }))
    expect(request).toEqual({
      model: 'orbit/motion-2',
      prompt: 'a boat',
      resolution: '1080p',
      aspect_ratio: '9:16',
    })
    expect(inferVideoMode(request)).toBe('text2video')
  })

  it('sends an exact size instead of resolution and aspect ratio, and refuses a size not WIDTHxHEIGHT', () => {
    const request = built(draft({ sizeMode: 'size', size: '1280x720', resolution: '4K' }))
    expect(request.size).toBe('1280x720')
    expect(request).not.toHaveProperty('resolution')
    expect(request).not.toHaveProperty('aspect_ratio')
    for (const size of ['', '1280*720', '1280x', 'x720', '1x1', '1280x720px'])
      expect(refusal(draft({ sizeMode: 'size', size }))).toBe('size')
    // The size typed before switching back is not sent.
    expect(built(draft({ sizeMode: 'resolution', size: '1280x720' }))).not.toHaveProperty('size')
  })

  it('takes the duration in whole seconds from 1, and leaves it out when empty', () => {
    expect(built(draft({ duration: '8' })).duration).toBe(8)
    expect(built(draft({ duration: '' }))).not.toHaveProperty('duration')
    for (const duration of ['2.5', '0', '-3', 'abc'])
      expect(requestFromDraft(draft({ duration }), false)).toEqual({
        ok: false,
        field: 'duration',
        message: 'Duration is a whole number of seconds.',
      })
  })

  it('sends a seed of zero or below, and refuses a seed that is not a whole number', () => {
    expect(built(draft({ seed: '0' })).seed).toBe(0)
    expect(built(draft({ seed: '-7' })).seed).toBe(-7)
    expect(built(draft())).not.toHaveProperty('seed')
    expect(refusal(draft({ seed: '1.5' }))).toBe('seed')
  })

  it('makes an image-to-video request from a first frame, with an end frame after it', () => {
    const first = media('image', 'https://cdn.example/first.png')
    const last = media('image', 'data:image/png;base64,AAAA')
    const one = built(draft({ firstFrame: first }))
    expect(one.frame_images).toEqual([
      { type: 'image_url', image_url: { url: first.url }, frame_type: 'first_frame' },
    ])
    expect(inferVideoMode(one)).toBe('img2video')
    const both = built(draft({ lastFrame: last, firstFrame: first }))
    expect(both.frame_images?.map((frame) => [frame.frame_type, frame.image_url.url])).toEqual([
      ['first_frame', first.url],
      ['last_frame', last.url],
    ])
    expect(inferVideoMode(both)).toBe('img2video_end')
    expect(both).not.toHaveProperty('input_references')
    // An end frame alone is sent as such; the rules of §4.1 then name what is missing.
    expect(checkVideoReferences(built(draft({ lastFrame: last })))?.code).toBe('invalid_request')
  })

  it('sends references by their media, in the order added', () => {
    const images = built(
      draft({ references: [media('image', 'https://a/1.png'), media('image', 'https://a/2.png')] }),
    )
    expect(images.input_references).toEqual([
      { type: 'image_url', image_url: { url: 'https://a/1.png' } },
      { type: 'image_url', image_url: { url: 'https://a/2.png' } },
    ])
    expect(inferVideoMode(images)).toBe('imgref2video')
    expect(images).not.toHaveProperty('frame_images')
    const mixed = built(
      draft({
        references: [
          media('audio', 'https://a/voice.mp3'),
          media('image', 'https://a/face.png'),
          media('video', 'https://a/motion.mp4'),
        ],
      }),
    )
    expect(mixed.input_references).toEqual([
      { type: 'audio_url', audio_url: { url: 'https://a/voice.mp3' } },
      { type: 'image_url', image_url: { url: 'https://a/face.png' } },
      { type: 'video_url', video_url: { url: 'https://a/motion.mp4' } },
    ])
    expect(inferVideoMode(mixed)).toBe('mixref2video')
  })

  it('keeps both frames and references when a draft has both, so the conflict is shown, not lost', () => {
    const request = built(
      draft({
        firstFrame: media('image', 'https://a/f.png'),
        references: [media('image', 'https://a/r.png')],
      }),
    )
    expect(checkVideoReferences(request)?.code).toBe('references_conflict')
  })

  it('sends real_person only when asked, and generate_audio only to a model that makes audio', () => {
    expect(built(draft())).not.toHaveProperty('real_person')
    expect(
      built(draft({ realPerson: true, references: [media('image', 'https://a/p.png')] })).real_person,
    ).toBe(true)
    expect(built(draft({ generateAudio: false }), false)).not.toHaveProperty('generate_audio')
    expect(built(draft({ generateAudio: false }), true).generate_audio).toBe(false)
    expect(built(draft(), true).generate_audio).toBe(true)
  })

  it('pins a provider and passes its options through, which must be a JSON object', () => {
    expect(built(draft())).not.toHaveProperty('provider')
    expect(built(draft({ providerType: '  ' }))).not.toHaveProperty('provider')
    expect(built(draft({ providerType: ' fast-gpu ' })).provider).toEqual({ type: 'fast-gpu' })
    expect(built(draft({ providerOptions: '{"motion": "slow"}' })).provider).toEqual({
      options: { motion: 'slow' },
    })
    for (const providerOptions of ['[1]', 'null', '"slow"', '{motion: slow}'])
      expect(refusal(draft({ providerType: 'fast-gpu', providerOptions }))).toBe('provider')
  })
})

describe('a duplicated job back in the form', () => {
  it('starts from an empty form when there is no request', () => {
    expect(draftFromRequest(undefined)).toEqual(emptyDraft)
    expect(draftFromRequest('text')).toEqual(emptyDraft)
  })

  it('gives back the same request for every generation mode', () => {
    const requests: [VideoCreateRequest, boolean][] = [
      [{ model: 'orbit/motion-2', prompt: 'boat', duration: 6, seed: 0, size: '1920x1080' }, false],
      [
        {
          model: 'orbit/motion-2',
          prompt: 'boat',
          resolution: '480p',
          aspect_ratio: '1:1',
          frame_images: [
            { type: 'image_url', image_url: { url: 'https://a/f.png' }, frame_type: 'first_frame' },
            { type: 'image_url', image_url: { url: 'data:image/png;base64,AA' }, frame_type: 'last_frame' },
          ],
          generate_audio: false,
        },
        true,
      ],
      [
        {
          model: 'orbit/motion-2',
          prompt: 'boat',
          resolution: '2K',
          aspect_ratio: '21:9',
          input_references: [
            { type: 'image_url', image_url: { url: 'https://a/face.png' } },
            { type: 'audio_url', audio_url: { url: 'https://a/voice.mp3' } },
            { type: 'video_url', video_url: { url: 'https://a/move.mp4' } },
          ],
          real_person: true,
          provider: { type: 'fast-gpu', options: { motion: 'slow', steps: 4 } },
        },
        false,
      ],
    ]
    for (const [request, audio] of requests) expect(built(draftFromRequest(request), audio)).toEqual(request)
  })

  it('names files by the end of their address, and data URIs as a file, each with its own id', () => {
    const back = draftFromRequest({
      model: 'm',
      prompt: 'p',
      frame_images: [
        { type: 'image_url', image_url: { url: 'data:image/png;base64,AA' }, frame_type: 'first_frame' },
      ],
      input_references: [
        { type: 'image_url', image_url: { url: 'https://cdn.example/a/face.png' } },
        { type: 'image_url', image_url: { url: 'https://cdn.example/a/face.png' } },
      ],
    })
    expect(back.firstFrame?.label).toBe('file')
    expect(back.lastFrame).toBeNull()
    expect(back.references.map((input) => [input.kind, input.label])).toEqual([
      ['image', 'face.png'],
      ['image', 'face.png'],
    ])
    expect(new Set([back.firstFrame?.id, ...back.references.map((input) => input.id)]).size).toBe(3)
  })
})
