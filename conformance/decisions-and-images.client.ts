// Document 1's client rows: the app's questionnaire and image builders, through the real gateway.

import { expect } from 'vitest'
import { createImageCalls } from '#core/images/image-calls'
import {
  DocumentedDecisionRequest,
  DocumentedGenerateContent,
  DocumentedImageGeneration,
  DocumentedNativeDecisionRequest,
  documentedEditParts,
} from '#shared/api/testing/documented'
import type { QuestionDraft, Questionnaire } from '#shared/domain/questionnaire'
import { toNativeRequest, toUnifiedRequest } from '#shared/domain/questionnaire'
import type { ImageModel } from '#shared/ipc/routes/images'
import { testHold } from '../src/main/testing/holds.ts'
import { dataUri, dedicated, png } from './decisions-and-images.fixtures.ts'
import type { ClientRow } from './rows.ts'

const question = (draft: Partial<QuestionDraft> & Pick<QuestionDraft, 'kind'>): QuestionDraft => ({
  id: crypto.randomUUID(),
  name: '',
  instructions: 'Is it about money?',
  instructionsAsJson: false,
  criteriaTrue: '',
  criteriaFalse: '',
  choices: [],
  levels: [],
  ...draft,
})
const questionnaire: Questionnaire = {
  id: 'q',
  name: 'Support triage',
  questions: [
    question({ kind: 'predicate', name: 'money', criteriaTrue: 'billing', criteriaFalse: 'anything else' }),
    question({
      kind: 'choice',
      choices: [
        { id: 'a', value: 'refund', description: 'wants money back' },
        { id: 'b', value: 'status', description: '' },
      ],
    }),
    question({
      kind: 'score',
      name: 'urgency',
      instructions: '{"question": "How urgent?", "scale": "days"}',
      instructionsAsJson: true,
      levels: [
        { id: 'l', label: 'low', description: 'whenever' },
        { id: 'h', label: 'high', description: '' },
      ],
    }),
  ],
}
const imageModel = (id: string, family: 'A' | 'B' | 'C'): ImageModel => ({
  id,
  name: id,
  family,
  options: [],
  readsImages: true,
  pinnable: family === 'A',
  promptPrice: '0',
  completionPrice: '0',
})
const source = { bytes: png, mimeType: 'image/png', fileName: 'in.png' }
const signal = () => ({ signal: AbortSignal.timeout(30_000), hold: testHold('image') })

export const clientRows: ClientRow[] = [
  {
    section: '4.1',
    rule: 'sends a questionnaire in the unified format',
    send: (gateway) =>
      gateway.decide(toUnifiedRequest(questionnaire, 'I was charged twice', dedicated), null, 'unified', {
        hold: testHold(),
      }),
    method: 'POST',
    path: '/v1/decisions',
    auth: 'bearer',
    body: DocumentedDecisionRequest,
  },
  {
    section: '4.1',
    rule: 'sends the same questionnaire in the native format, every question kept',
    send: (gateway) =>
      gateway.decideNative(toNativeRequest(questionnaire, 'I was charged twice', dedicated), null, {
        hold: testHold(),
      }),
    method: 'POST',
    path: '/decision-native/v1/systemone',
    auth: 'bearer',
    body: DocumentedNativeDecisionRequest,
    sent: ({ body }) =>
      expect(Object.keys((body as { questions: object }).questions)).toEqual(['money', 'q2', 'urgency']),
  },
  {
    section: '4.2',
    rule: 'generates with the options a person chose, and nothing else',
    send: (gateway) =>
      createImageCalls(gateway).generate(
        imageModel('lumen/image-1', 'A'),
        { prompt: 'a lighthouse', options: { quality: 'low', size: '256x256', n: 2 }, references: [] },
        signal(),
      ),
    method: 'POST',
    path: '/v1/images/generations',
    auth: 'bearer',
    body: DocumentedImageGeneration,
  },
  {
    section: '4.2',
    rule: 'sends family C references as input_images',
    send: (gateway) =>
      createImageCalls(gateway).generate(
        imageModel('orbit/ref-image', 'C'),
        { prompt: 'the same, at night', options: { size: '256x256' }, references: [source] },
        signal(),
      ),
    method: 'POST',
    path: '/v1/images/generations',
    auth: 'bearer',
    body: DocumentedImageGeneration,
    sent: ({ body }) => expect((body as { input_images: string[] }).input_images).toEqual([dataUri]),
  },
  {
    section: '4.3',
    rule: 'edits with family A as multipart, the pin as the header, input_fidelity where taken',
    send: (gateway) =>
      createImageCalls(gateway).edit(
        imageModel('lumen/image-1-edit', 'A'),
        {
          prompt: 'warmer',
          source,
          options: { quality: 'low', input_fidelity: 'high' },
          provider: 'origin',
        },
        signal(),
      ),
    method: 'POST',
    path: '/v1/images/edits',
    auth: 'bearer',
    sent: ({ body, headers }) => {
      const parts = body as Record<string, unknown[]>
      expect(
        Object.keys(parts).filter((name) => !(documentedEditParts as readonly string[]).includes(name)),
      ).toEqual([])
      expect(parts.image?.[0]).toBeInstanceOf(File)
      expect(parts.input_fidelity).toEqual(['high'])
      expect(headers.get('x-svc-provider-type')).toBe('origin')
    },
  },
  {
    section: '4.3',
    rule: 'edits with family B through content generation, the image as inline data (document 3 §4.1)',
    send: (gateway) =>
      createImageCalls(gateway).edit(
        imageModel('aurora/flash-image', 'B'),
        { prompt: 'warmer', source, options: {} },
        signal(),
      ),
    method: 'POST',
    path: '/gen-native/v1beta/models/aurora/flash-image:generateContent',
    auth: 'generative',
    body: DocumentedGenerateContent,
  },
]
