// The create form's draft and the request it becomes; a duplicated job comes back as a draft.

import { create } from 'zustand'
import {
  type FrameImage,
  type InputReference,
  type VideoCreateRequest,
  videoSizePattern,
} from '#shared/api/videos'
import type { MediaInput, MediaKind } from '../../components/MediaInputs.tsx'
import type { KeptDraft } from '../../kept-drafts.ts'

export interface VideoDraft {
  prompt: string
  model: string
  duration: string
  seed: string
  sizeMode: 'resolution' | 'size'
  resolution: string
  aspectRatio: string
  size: string
  firstFrame: MediaInput | null
  lastFrame: MediaInput | null
  references: MediaInput[]
  realPerson: boolean
  generateAudio: boolean
  providerType: string
  providerOptions: string
}

export const emptyDraft: VideoDraft = {
  prompt: '',
  model: '',
  duration: '',
  seed: '',
  sizeMode: 'resolution',
  resolution: '720p',
  aspectRatio: '16:9',
  size: '',
  firstFrame: null,
  lastFrame: null,
  references: [],
  realPerson: false,
  generateAudio: true,
  providerType: '',
  providerOptions: '',
}

const labelOf = (url: string) => (url.startsWith('data:') ? 'file' : (url.split('/').pop() ?? url))

export function draftFromRequest(value: unknown): VideoDraft {
  if (!value || typeof value !== 'object') return emptyDraft
  const request = value as Partial<VideoCreateRequest>
  const frame = (type: 'first_frame' | 'last_frame'): MediaInput | null => {
    const found = request.frame_images?.find((f) => f.frame_type === type)
    return found
      ? {
          id: crypto.randomUUID(),
          kind: 'image',
          url: found.image_url.url,
          label: labelOf(found.image_url.url),
        }
      : null
  }
  return {
    ...emptyDraft,
    prompt: request.prompt ?? '',
    model: request.model ?? '',
    duration: request.duration ? String(request.duration) : '',
    seed: request.seed !== undefined ? String(request.seed) : '',
    sizeMode: request.size ? 'size' : 'resolution',
    resolution: request.resolution ?? emptyDraft.resolution,
    aspectRatio: request.aspect_ratio ?? emptyDraft.aspectRatio,
    size: request.size ?? '',
    firstFrame: frame('first_frame'),
    lastFrame: frame('last_frame'),
    references: (request.input_references ?? []).map((reference) => {
      const kind = reference.type.replace('_url', '') as MediaKind
      const url =
        reference.type === 'image_url'
          ? reference.image_url.url
          : reference.type === 'audio_url'
            ? reference.audio_url.url
            : reference.video_url.url
      return { id: crypto.randomUUID(), kind, url, label: labelOf(url) }
    }),
    realPerson: request.real_person ?? false,
    generateAudio: request.generate_audio ?? true,
    providerType: request.provider?.type ?? '',
    providerOptions: request.provider?.options ? JSON.stringify(request.provider.options, null, 2) : '',
  }
}

export type BuiltRequest =
  | { ok: true; request: VideoCreateRequest }
  | { ok: false; field: string; message: string }

export function requestFromDraft(draft: VideoDraft, modelHasAudio: boolean): BuiltRequest {
  if (!draft.prompt.trim()) return { ok: false, field: 'prompt', message: 'Describe the video you want.' }
  if (!draft.model) return { ok: false, field: 'model', message: 'Choose a model.' }
  const request: VideoCreateRequest = { model: draft.model, prompt: draft.prompt.trim() }
  if (draft.duration) {
    const duration = Number(draft.duration)
    if (!Number.isInteger(duration) || duration < 1)
      return { ok: false, field: 'duration', message: 'Duration is a whole number of seconds.' }
    request.duration = duration
  }
  if (draft.seed) {
    const seed = Number(draft.seed)
    if (!Number.isSafeInteger(seed)) return { ok: false, field: 'seed', message: 'Whole numbers only.' }
    request.seed = seed
  }
  if (draft.sizeMode === 'size') {
    if (!videoSizePattern.test(draft.size))
      return { ok: false, field: 'size', message: 'Size is WIDTHxHEIGHT in pixels, such as 1280x720.' }
    request.size = draft.size
  } else {
    request.resolution = draft.resolution as VideoCreateRequest['resolution']
    request.aspect_ratio = draft.aspectRatio as VideoCreateRequest['aspect_ratio']
  }
  const frames: FrameImage[] = []
  if (draft.firstFrame)
    frames.push({ type: 'image_url', image_url: { url: draft.firstFrame.url }, frame_type: 'first_frame' })
  if (draft.lastFrame)
    frames.push({ type: 'image_url', image_url: { url: draft.lastFrame.url }, frame_type: 'last_frame' })
  if (frames.length) request.frame_images = frames
  if (draft.references.length) {
    request.input_references = draft.references.map(
      (input): InputReference =>
        input.kind === 'image'
          ? { type: 'image_url', image_url: { url: input.url } }
          : input.kind === 'audio'
            ? { type: 'audio_url', audio_url: { url: input.url } }
            : { type: 'video_url', video_url: { url: input.url } },
    )
  }
  if (draft.realPerson) request.real_person = true
  if (modelHasAudio) request.generate_audio = draft.generateAudio
  if (draft.providerType.trim() || draft.providerOptions.trim()) {
    let options: Record<string, unknown> | undefined
    if (draft.providerOptions.trim()) {
      try {
        const parsed: unknown = JSON.parse(draft.providerOptions)
        if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object')
        options = parsed as Record<string, unknown>
      } catch {
        return {
          ok: false,
          field: 'provider',
          message: 'Provider options must be a JSON object, such as {"motion": "slow"}.',
        }
      }
    }
    request.provider = {
      ...(draft.providerType.trim() ? { type: draft.providerType.trim() } : {}),
      ...(options ? { options } : {}),
    }
  }
  return { ok: true, request }
}

/**
 * What was typed into the form and not sent: kept as it is typed and when the form closes (Escape, Close, another
 * screen), across restarts too, shown again when the form opens with nothing else to start from, and dropped once
 * a job is created.
 */
export const useUnsentVideo = create<{ draft: VideoDraft | null }>(() => ({ draft: null }))

export const keptVideoDraft: KeptDraft<{ draft: VideoDraft | null }, 'video'> = {
  kind: 'video',
  store: useUnsentVideo,
  draft: (state) => state.draft,
  // A model picked for the person (the first listed) is not something they wrote.
  blank: ({ draft }) =>
    !draft || (!draft.prompt && !draft.firstFrame && !draft.lastFrame && draft.references.length === 0),
  restore: (draft) => useUnsentVideo.setState({ draft }),
}
