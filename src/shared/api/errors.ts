// Error bodies of the service, one shape per endpoint group.
import { z } from 'zod'

/** Decisions and images (document 1): `{error: {message, type, code}}`. */
export const UnifiedErrorBody = z.looseObject({
  error: z.looseObject({
    message: z.string(),
    type: z.string().nullish(),
    code: z.string().nullish(),
    param: z.string().nullish(),
  }),
})

/** Videos (document 2 §7): `{error: {code, message}}`. */
export const VideoErrorBody = z.looseObject({
  error: z.looseObject({ code: z.string(), message: z.string() }),
})

/** Generative-native (document 3; not shown there, the protocol's own shape). */
export const GenerativeErrorBody = z.looseObject({
  error: z.looseObject({ code: z.number().int(), message: z.string(), status: z.string() }),
})

/** Message-native (document 3; not shown there, the protocol's own shape). */
export const MessageErrorBody = z.looseObject({
  type: z.literal('error'),
  error: z.looseObject({ type: z.string(), message: z.string() }),
})
