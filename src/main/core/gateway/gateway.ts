// One typed method per endpoint of the three documents. Request bodies are checked against the documents'
// rules (src/shared/domain) before they are sent, so a person gets the service's error without a round trip.
import { z } from 'zod'
import {
  type DecisionRequest,
  DecisionResponse,
  type NativeDecisionRequest,
  NativeDecisionResponse,
} from '#shared/api/decisions'
import {
  CachedContent,
  type CachedContentRequest,
  type GenerateContentRequest,
  GenerateContentResponse,
} from '#shared/api/generative'
import { type ImageGenerationRequest, ImageResult, providerHeader } from '#shared/api/images'
import { type MessagesRequest, MessagesResponse } from '#shared/api/messages'
import {
  GenerativeModel,
  GenerativeModelList,
  MessageModel,
  MessageModelList,
  UnifiedModel,
  UnifiedModelList,
} from '#shared/api/models'
import { type VideoCreateRequest, VideoCreateResponse, VideoTask } from '#shared/api/videos'
import { resolveCacheExpiry } from '#shared/domain/caches'
import {
  checkContent,
  checkQuestions,
  type DecisionModelTraits,
  decisionPaths,
  fromNative,
  fromUnified,
} from '#shared/domain/decisions'
import { checkImageGeneration, type ImageFamily, imageMessages, sniffEditImage } from '#shared/domain/images'
import { checkCallbackUrl, checkVideoReferences } from '#shared/domain/videos'
import type { Violation } from '#shared/domain/violation'
import { AppError } from '#shared/ipc/app-error'
import { type Hold, markBilled, requireHold } from '../spend/hold.ts'
import { gatewayErrorCodes, serviceHints } from './errors.ts'
import type { CallOptions, Transport } from './transport.ts'

/** A billed request's call: it goes out only under a hold the budget check made (`spend/hold.ts`). */
export type BilledCall = CallOptions & { hold: Hold }

/** Sends under `call.hold`, and marks the hold billed once the service answered (a stream: once it began). */
async function billed<T>(call: BilledCall, send: () => Promise<T>): Promise<T> {
  requireHold(call.hold)
  const answer = await send()
  markBilled(call.hold)
  return answer
}

export type ListingStyle = 'unified' | 'generative' | 'messages'

const listingPrefix: Record<ListingStyle, string> = {
  unified: '/v1/models',
  generative: '/gen-native/v1beta/models',
  messages: '/msg-native/v1/models',
}

/** The same error the service would give, raised before sending. */
export function refuse(problem: Violation | null | undefined): void {
  if (!problem) return
  throw new AppError({
    code: gatewayErrorCodes.invalid,
    message: problem.message,
    status: problem.status,
    serviceCode: problem.code,
    path: problem.path,
    hint: serviceHints[problem.code] ?? 'Fix the field the message names, then send again.',
  })
}

const MessageStreamEvent = z.looseObject({ type: z.string() })
export type MessageStreamEvent = z.infer<typeof MessageStreamEvent>

const pin = (provider: string | undefined): Record<string, string> =>
  provider ? { [providerHeader]: provider } : {}
const segment = (value: string) => value.split('/').map(encodeURIComponent).join('/')

export interface EditImageInput {
  model: string
  image: Uint8Array
  fileName: string
  prompt: string
  quality?: string | undefined
  size?: string | undefined
  n?: number | undefined
  inputFidelity?: string | undefined
  provider?: string | undefined
}

/**
 * A listing's routes. A list's models are checked one by one (`GatewayRequest.list`):
 * `envelope` is the list's schema with its models left unchecked, at `field`.
 */
function listingsOf<L, O>(
  transport: Transport,
  prefix: string,
  list: { envelope: z.ZodType; field: string },
  one: z.ZodType<O>,
) {
  const listed = (path: string, call?: CallOptions) =>
    transport.send(
      {
        method: 'GET',
        path,
        auth: 'none',
        // The envelope checked here and each model by `list.item`: together, the list's schema.
        schema: list.envelope as z.ZodType<L>,
        list: { field: list.field, item: one },
      },
      call,
    )
  return {
    all: (call?: CallOptions) => listed(prefix, call),
    provider: (provider: string, call?: CallOptions) =>
      listed(`${prefix}/${encodeURIComponent(provider)}`, call),
    model: (modelId: string, call?: CallOptions) =>
      transport.send(
        { method: 'GET', path: `${prefix}/${segment(modelId)}`, auth: 'none', schema: one },
        call,
      ),
  }
}

export function createGateway(transport: Transport) {
  return {
    /** `/v1/decisions`, or its compatibility twin. */
    async decide(
      body: DecisionRequest,
      model: DecisionModelTraits | null,
      path: 'unified' | 'compat',
      call: BilledCall,
    ) {
      const questions = fromUnified(body.questions)
      refuse(checkQuestions(questions)[0])
      if (model) refuse(checkContent(body.input, 'input', questions, model)[0])
      return billed(call, () =>
        transport.send(
          { method: 'POST', path: decisionPaths[path], auth: 'bearer', body, schema: DecisionResponse },
          call,
        ),
      )
    },
    async decideNative(body: NativeDecisionRequest, model: DecisionModelTraits | null, call: BilledCall) {
      const questions = fromNative(body.questions)
      refuse(checkQuestions(questions)[0])
      if (model) refuse(checkContent(body.state, 'state', questions, model)[0])
      return billed(call, () =>
        transport.send(
          {
            method: 'POST',
            path: decisionPaths.native,
            auth: 'bearer',
            body,
            schema: NativeDecisionResponse,
          },
          call,
        ),
      )
    },

    async generateImage(
      body: ImageGenerationRequest,
      family: ImageFamily | null,
      provider: string | undefined,
      call: BilledCall,
    ) {
      if (family) refuse(checkImageGeneration(body, family))
      return billed(call, () =>
        transport.send(
          { method: 'POST', path: '/v1/images/generations', auth: 'bearer', body, schema: ImageResult },
          { ...call, headers: { ...call.headers, ...pin(provider) } },
        ),
      )
    },
    /** Multipart, family A only; the provider pin travels as the header, the only way that works here. */
    async editImage(input: EditImageInput, call: BilledCall) {
      const type = sniffEditImage(input.image)
      if (!type)
        refuse({
          status: 400,
          code: 'invalid_request_error',
          message: imageMessages.editImageType,
          path: ['image'],
        })
      const form = new FormData()
      form.append('model', input.model)
      form.append('prompt', input.prompt)
      form.append(
        'image',
        new Blob([new Uint8Array(input.image)], { type: type ?? 'image/png' }),
        input.fileName,
      )
      if (input.quality) form.append('quality', input.quality)
      if (input.size) form.append('size', input.size)
      if (input.n !== undefined) form.append('n', String(input.n))
      if (input.inputFidelity) form.append('input_fidelity', input.inputFidelity)
      return billed(call, () =>
        transport.send(
          { method: 'POST', path: '/v1/images/edits', auth: 'bearer', body: form, schema: ImageResult },
          { ...call, headers: { ...call.headers, ...pin(input.provider) } },
        ),
      )
    },

    /** Never retried: a create may already have been accepted and billed. */
    async createVideo(body: VideoCreateRequest, call: BilledCall) {
      refuse(checkVideoReferences(body))
      // A private callback makes sense only to a service on this computer or its network.
      if (body.callback_url !== undefined)
        refuse(checkCallbackUrl(body.callback_url, { allowPrivate: await transport.isLocal() }))
      return billed(call, () =>
        transport.send(
          { method: 'POST', path: '/v1/videos', auth: 'bearer', body, schema: VideoCreateResponse },
          call,
        ),
      )
    },
    getVideo: (id: string, call?: CallOptions) =>
      transport.send(
        { method: 'GET', path: `/v1/videos/${encodeURIComponent(id)}`, auth: 'bearer', schema: VideoTask },
        call,
      ),
    cancelVideo: (id: string, call?: CallOptions) =>
      transport.send(
        { method: 'DELETE', path: `/v1/videos/${encodeURIComponent(id)}`, auth: 'bearer', schema: VideoTask },
        call,
      ),

    generateContent: (model: string, body: GenerateContentRequest, call: BilledCall) =>
      billed(call, () =>
        transport.send(
          {
            method: 'POST',
            path: `/gen-native/v1beta/models/${segment(model)}:generateContent`,
            auth: 'generative',
            body,
            schema: GenerateContentResponse,
          },
          call,
        ),
      ),
    streamGenerateContent: (model: string, body: GenerateContentRequest, call: BilledCall) =>
      billed(call, () =>
        transport.stream(
          {
            method: 'POST',
            path: `/gen-native/v1beta/models/${segment(model)}:streamGenerateContent?alt=sse`,
            auth: 'generative',
            body,
            schema: GenerateContentResponse,
          },
          call,
        ),
      ),

    async createCache(body: CachedContentRequest, call: BilledCall) {
      const expiry = resolveCacheExpiry(body, Date.now())
      if ('violation' in expiry) refuse(expiry.violation)
      return billed(call, () =>
        transport.send(
          {
            method: 'POST',
            path: '/gen-native/v1beta/cachedContents',
            auth: 'generative',
            body,
            schema: CachedContent,
          },
          call,
        ),
      )
    },
    getCache: (name: string, call?: CallOptions) =>
      transport.send(
        {
          method: 'GET',
          path: `/gen-native/v1beta/${segment(name)}`,
          auth: 'generative',
          schema: CachedContent,
        },
        call,
      ),
    deleteCache: (name: string, call?: CallOptions) =>
      transport.send(
        {
          method: 'DELETE',
          path: `/gen-native/v1beta/${segment(name)}`,
          auth: 'generative',
          schema: z.looseObject({}),
        },
        call,
      ),

    sendMessage: (body: MessagesRequest, call: BilledCall) =>
      billed(call, () =>
        transport.send(
          {
            method: 'POST',
            path: '/msg-native/v1/messages',
            auth: 'messages',
            body: { ...body, stream: false },
            schema: MessagesResponse,
          },
          call,
        ),
      ),
    streamMessage: (body: MessagesRequest, call: BilledCall) =>
      billed(call, () =>
        transport.stream(
          {
            method: 'POST',
            path: '/msg-native/v1/messages',
            auth: 'messages',
            body: { ...body, stream: true },
            schema: MessageStreamEvent,
          },
          call,
        ),
      ),

    /** The nine listing routes: `listings.unified.all()`, `.provider('aurora')`, `.model('aurora/flash-2')`. */
    listings: {
      unified: listingsOf<z.infer<typeof UnifiedModelList>, z.infer<typeof UnifiedModel>>(
        transport,
        listingPrefix.unified,
        { envelope: UnifiedModelList.extend({ data: z.array(z.unknown()) }), field: 'data' },
        UnifiedModel,
      ),
      generative: listingsOf<z.infer<typeof GenerativeModelList>, z.infer<typeof GenerativeModel>>(
        transport,
        listingPrefix.generative,
        { envelope: GenerativeModelList.extend({ models: z.array(z.unknown()) }), field: 'models' },
        GenerativeModel,
      ),
      messages: listingsOf<z.infer<typeof MessageModelList>, z.infer<typeof MessageModel>>(
        transport,
        listingPrefix.messages,
        { envelope: MessageModelList.extend({ data: z.array(z.unknown()) }), field: 'data' },
        MessageModel,
      ),
    },
  }
}

export type Gateway = ReturnType<typeof createGateway>
