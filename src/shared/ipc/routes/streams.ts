// Streamed calls: the route answers at once; the stream's events follow as `stream.event` and one
// `stream.end`, keyed by the request id the renderer chose (and can cancel with `requests.cancel`).
import { z } from 'zod'
import { GenerateContentRequest } from '../../api/generative.ts'
import { MessagesRequest } from '../../api/messages.ts'
import { route } from '../contract.ts'
import { conversationId } from './playground.ts'
import { overBudget } from './spend.ts'

const requestId = z.string().min(1).max(100)
const started = z.object({ requestId })

export const streamRoutes = {
  'streams.messages': route({
    input: z.object({ requestId, conversationId, overBudget, body: MessagesRequest }),
    output: started,
  }),
  'streams.generateContent': route({
    input: z.object({
      requestId,
      conversationId,
      overBudget,
      model: z.string().min(1),
      body: GenerateContentRequest,
    }),
    output: started,
  }),
}
