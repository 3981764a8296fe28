// Document 2, videos, section by section: creation and its rules, the task and its states, cancel, keys,
// errors and limits on one standalone sandbox (jobs take their full simulated time, so each row moves a job to
// its end through the control API). Webhooks (§6) are in videos-webhooks.test.ts.
import { expect } from 'vitest'
import { z } from 'zod'
import { DocumentedVideoRequest } from '#shared/api/testing/documented'
import { testHold } from '../src/main/testing/holds.ts'
import type { ServiceRow } from './rows.ts'
import { walk } from './rows.ts'
import { keys, standaloneSandbox } from './standalone.ts'
import {
  audio,
  CompletedTask,
  create,
  finish,
  frame,
  image,
  keep,
  pixel,
  refused,
  Task,
  times,
  VideoError,
  video,
} from './videos.fixtures.ts'

const sandbox = standaloneSandbox(['--time-scale', '1'])

const service: ServiceRow[] = [
  {
    section: '2.1',
    rule: 'model is required',
    ...create({ model: undefined }),
    ...refused('invalid_request'),
  },
  {
    section: '2.1',
    rule: 'prompt is required',
    ...create({ prompt: undefined }),
    ...refused('invalid_request'),
  },
  {
    section: '2.1',
    rule: 'resolution is one of the listed values',
    ...create({ resolution: '8K' }),
    ...refused('invalid_request'),
  },
  {
    section: '2.1',
    rule: 'aspect_ratio is one of the listed values',
    ...create({ aspect_ratio: '5:4' }),
    ...refused('invalid_request'),
  },
  {
    section: '2.1',
    rule: 'size is WIDTHxHEIGHT in pixels: 00x00 is not',
    ...create({ size: '00x00' }),
    ...refused('invalid_request'),
  },
  {
    section: '2.1',
    rule: 'duration is a whole number of seconds: 0 is not',
    ...create({ duration: 0 }),
    ...refused('invalid_request'),
  },
  {
    section: '2.1',
    rule: 'duration is a whole number of seconds: 2.5 is not',
    ...create({ duration: 2.5 }),
    ...refused('invalid_request'),
  },
  { section: '2.1', rule: 'seed is an integer', ...create({ seed: 1.5 }), ...refused('invalid_request') },
  {
    section: '2.1',
    rule: 'real_person is a boolean',
    ...create({ real_person: 'yes' }),
    ...refused('invalid_request'),
  },
  {
    section: '2.1',
    rule: 'a frame is first_frame or last_frame',
    ...create({ frame_images: [frame('middle')] }),
    ...refused('invalid_request'),
  },
  {
    section: '2.1',
    rule: 'a reference has one of the three media shapes',
    ...create({ input_references: [{ type: 'text_url', text_url: { url: 'https://example.com' } }] }),
    ...refused('invalid_request'),
  },
  { section: '2.2', rule: 'text2video: neither field', ...create({}), status: 202 },
  {
    section: '2.2',
    rule: 'img2video: one first frame',
    ...create({ frame_images: [frame('first_frame')] }),
    status: 202,
  },
  {
    section: '2.2',
    rule: 'img2video_end: first and last frame',
    ...create({ frame_images: [frame('first_frame'), frame('last_frame')] }),
    status: 202,
  },
  {
    section: '2.2',
    rule: 'imgref2video: image references',
    ...create({ input_references: [image, image] }),
    status: 202,
  },
  {
    section: '2.2',
    rule: 'mixref2video: image, audio and video references',
    ...create({ input_references: [image, audio, video] }),
    status: 202,
  },
  {
    section: '2.2',
    rule: 'the optional fields together: duration, resolution, aspect ratio, seed, audio',
    ...create({ duration: 5, resolution: '720p', aspect_ratio: '16:9', seed: 7, generate_audio: true }),
    status: 202,
    check: keep('job'),
  },
  {
    section: '2.3',
    rule: 'the task object while pending',
    path: (c) => `/v1/videos/${c.job}`,
    auth: 'bearer',
    status: 200,
    answer: Task.extend({ status: z.literal('pending') }),
  },
  {
    section: '2.4',
    rule: 'a create answers 202 with id, pending and the polling URL',
    ...create({}),
    status: 202,
    answer: z.strictObject({ id: z.uuid(), status: z.literal('pending'), polling_url: z.url() }),
    check: (reply) => expect(new URL(reply.body.polling_url).pathname).toBe(`/v1/videos/${reply.body.id}`),
  },
  { section: '3', rule: 'a pending job reaches completed', ...finish('job'), status: 200 },
  {
    section: '3',
    rule: 'a completed task has its result URLs and usage (seconds, cost as a decimal string)',
    path: (c) => `/v1/videos/${c.job}`,
    auth: 'bearer',
    status: 200,
    answer: CompletedTask,
  },
  {
    section: '4.1',
    rule: 'rule 1: frame_images with input_references conflict',
    ...create({ frame_images: [frame('first_frame')], input_references: [image] }),
    ...refused('references_conflict'),
  },
  {
    section: '4.1',
    rule: 'rule 1: presence decides, so an empty frame_images conflicts too',
    ...create({ frame_images: [], input_references: [image] }),
    ...refused('references_conflict'),
  },
  {
    section: '4.1',
    rule: 'rule 2: more than 9 images',
    ...create({ input_references: times(10, image) }),
    ...refused('too_many_references'),
  },
  {
    section: '4.1',
    rule: 'rule 2: more than 3 audio clips',
    ...create({ input_references: [image, ...times(4, audio)] }),
    ...refused('too_many_references'),
  },
  {
    section: '4.1',
    rule: 'rule 2: more than 1 video',
    ...create({ input_references: [image, video, video] }),
    ...refused('too_many_references'),
  },
  {
    section: '4.1',
    rule: 'rule 3: real_person without an image reference',
    ...create({ real_person: true }),
    ...refused('invalid_request'),
  },
  {
    section: '4.1',
    rule: 'rule 4: callback_url must be HTTPS',
    ...create({ callback_url: 'http://example.com/hook' }),
    ...refused('invalid_callback_url'),
  },
  {
    section: '4.1',
    rule: 'rule 4: not a loopback address',
    ...create({ callback_url: 'https://127.0.0.1/hook' }),
    ...refused('invalid_callback_url'),
  },
  {
    section: '4.1',
    rule: 'rule 4: not a private address',
    ...create({ callback_url: 'https://10.0.0.8/hook' }),
    ...refused('invalid_callback_url'),
  },
  {
    section: '4.1',
    rule: 'rule 4: not the cloud metadata address',
    ...create({ callback_url: 'https://169.254.169.254/hook' }),
    ...refused('invalid_callback_url'),
  },
  {
    section: '4.1',
    rule: 'rule 4: an empty callback_url is not an HTTPS URL',
    ...create({ callback_url: '' }),
    status: 400,
  },
  {
    section: '4.1',
    rule: 'rule 5: too little balance',
    path: `/__sandbox/keys/${keys.other}`,
    body: { credits: 0 },
    status: 200,
  },
  {
    section: '4.1',
    rule: 'rule 5: answers 402 insufficient_credits',
    ...create({ resolution: '4K', duration: 10 }, keys.other),
    status: 402,
    code: 'insufficient_credits',
  },
  {
    section: '4.1',
    rule: 'rule 5: and charges nothing',
    path: `/__sandbox/keys/${keys.other}`,
    body: {},
    status: 200,
    check: (reply) => expect(Number(reply.body.credits)).toBe(0),
  },
  {
    section: '4.1',
    rule: 'rule 5: with the balance restored, the same job is accepted',
    path: `/__sandbox/keys/${keys.other}`,
    body: { credits: 1000 },
    status: 200,
  },
  {
    section: '4.1',
    rule: 'rule 5: accepted',
    ...create({ resolution: '4K', duration: 10 }, keys.other),
    status: 202,
  },
  {
    section: '4.2',
    rule: 'an unknown id is not found',
    path: `/v1/videos/${crypto.randomUUID()}`,
    auth: 'bearer',
    status: 404,
    code: 'not_found',
  },
  {
    section: '4.3',
    rule: 'cancel is DELETE; a pending job is cancelled',
    ...create({}),
    status: 202,
    check: keep('cancel'),
  },
  {
    section: '4.3',
    rule: 'DELETE answers the cancelled task',
    method: 'DELETE',
    path: (c) => `/v1/videos/${c.cancel}`,
    auth: 'bearer',
    status: 200,
    check: (reply) => expect(reply.body.status).toBe('cancelled'),
  },
  {
    section: '4.3',
    rule: 'a terminal job answers cancel_failed',
    method: 'DELETE',
    path: (c) => `/v1/videos/${c.job}`,
    auth: 'bearer',
    ...refused('cancel_failed'),
  },
  {
    section: '4.3',
    rule: 'a model that cannot interrupt',
    ...create({ model: 'lumen/clip-1' }),
    status: 202,
    check: keep('uninterruptible'),
  },
  {
    section: '4.3',
    rule: 'answers cancel_not_supported',
    method: 'DELETE',
    path: (c) => `/v1/videos/${c.uninterruptible}`,
    auth: 'bearer',
    ...refused('cancel_not_supported'),
  },
  { section: '5', rule: 'no key: 401', path: (c) => `/v1/videos/${c.job}`, status: 401 },
  {
    section: '5',
    rule: 'a wrong key: 401 invalid_api_key',
    path: (c) => `/v1/videos/${c.job}`,
    auth: 'bearer',
    key: 'sk-wrong',
    status: 401,
    code: 'invalid_api_key',
  },
  {
    section: '5',
    rule: 'another key sees 404 not_found, as for an unknown job',
    path: (c) => `/v1/videos/${c.job}`,
    auth: 'bearer',
    key: keys.other,
    status: 404,
    code: 'not_found',
  },
  {
    section: '7',
    rule: 'every error is {error: {code, message}}',
    ...create({ frame_images: [], input_references: [image] }),
    status: 400,
    answer: VideoError,
  },
  {
    section: '7',
    rule: 'an unknown model: 404 model_not_found',
    ...create({ model: 'nobody/nothing' }),
    status: 404,
    code: 'model_not_found',
  },
  {
    section: '7',
    rule: 'a preprocessing failure names the reference and ends with its reason token',
    ...create({
      real_person: true,
      input_references: [{ type: 'image_url', image_url: { url: 'data:image/png;base64,@@' } }],
    }),
    status: 400,
    code: 'invalid_request',
    message: /input_references\[0\].*\(bad_data_uri\)$/,
  },
  {
    section: '8',
    rule: 'status reads are limited per key: past the limit, 429 rate_limited with Retry-After',
    ...create({}, keys.other),
    status: 202,
    check: async (created) => {
      const read = () =>
        fetch(sandbox.url(`/v1/videos/${created.body.id}`), {
          headers: { authorization: `Bearer ${keys.other}` },
        })
      let reply = await read()
      for (let reads = 1; reads < 1000 && reply.status !== 429; reads++) reply = await read()
      expect(reply.status).toBe(429)
      expect(((await reply.json()) as { error: { code: string } }).error.code).toBe('rate_limited')
      expect(Number(reply.headers.get('retry-after'))).toBeGreaterThan(0)
    },
  },
  {
    section: '8',
    rule: 'create is not affected by the polling limit',
    ...create({}, keys.other),
    status: 202,
  },
]

walk('Document 2: videos', sandbox, {
  service,
  client: [
    {
      section: '4.1',
      rule: 'creates a job with every documented field, as built',
      send: (gateway) =>
        gateway.createVideo(
          {
            model: 'orbit/motion-2',
            prompt: 'a paper boat',
            duration: 5,
            resolution: '720p',
            aspect_ratio: '16:9',
            input_references: [{ type: 'image_url', image_url: { url: pixel } }],
            real_person: false,
            generate_audio: true,
            seed: 7,
            callback_url: 'https://93.184.215.14/video',
            provider: { type: 'origin', options: { motion: 'low' } },
          },
          { hold: testHold('video') },
        ),
      method: 'POST',
      path: '/v1/videos',
      auth: 'bearer',
      body: DocumentedVideoRequest,
    },
    {
      section: '4.2',
      rule: 'reads a job by GET /v1/videos/{id}',
      send: (gateway, context) => gateway.getVideo(context.job ?? ''),
      method: 'GET',
      path: (context) => `/v1/videos/${context.job}`,
      auth: 'bearer',
    },
    {
      section: '4.3',
      rule: 'cancels with DELETE on the job',
      send: async (gateway, context) => {
        const created = await gateway.createVideo(
          { model: 'orbit/motion-2', prompt: 'stop me' },
          { hold: testHold('video') },
        )
        context.toCancel = created.data.id
        return gateway.cancelVideo(created.data.id)
      },
      method: 'DELETE',
      path: (context) => `/v1/videos/${context.toCancel}`,
      auth: 'bearer',
    },
  ],
})
