// The message-native protocol (document 3 §4.3): replies, tool use, images in user turns, and a streamed
// event sequence in that protocol's style (message_start … message_stop).
import { randomBytes } from 'node:crypto'
import type { ServerResponse } from 'node:http'
import { setTimeout as sleep } from 'node:timers/promises'
import { type ContentBlock, type Message, MessagesRequest, type Tool } from '#shared/api/messages'
import { estimateTokens } from '#shared/domain/tokens'
import { parseJsonObject, parseWith, ServiceError } from '../http.ts'
import { wordsOf } from '../judge.ts'
import { imageSize } from '../render.ts'
import { chunks, composeAnswer, cutToTokens, topics } from '../reply.ts'
import type { Route, SandboxContext } from '../router.ts'

const invalid = 'invalid_request_error'
const blocksOf = (message: Message): ContentBlock[] =>
  typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content

/** A tool call the simulated model makes: arguments filled from the person's words, by the tool's schema. */
function toolCall(tool: Tool, prompt: string): ContentBlock {
  const toolWords = new Set(wordsOf(tool.name.replace(/_/g, ' ')))
  const words = topics(prompt, 12).filter((word) => !toolWords.has(word))
  const properties = Object.entries(tool.input_schema.properties ?? {})
  const input = Object.fromEntries(
    properties.map(([name, schema], index) => {
      const type = (schema as { type?: string }).type
      const value =
        type === 'number' || type === 'integer'
          ? index + 1
          : type === 'boolean'
            ? true
            : (words[index] ?? name)
      return [name, value]
    }),
  )
  return { type: 'tool_use', id: `toolu_${randomBytes(10).toString('hex')}`, name: tool.name, input }
}

function chooseTool(request: MessagesRequest, prompt: string): Tool | undefined {
  const tools = request.tools ?? []
  const choice = request.tool_choice
  if (tools.length === 0 || choice?.type === 'none') return undefined
  if (choice?.type === 'tool') return tools.find((tool) => tool.name === choice.name)
  if (choice?.type === 'any') return tools[0]
  const lower = prompt.toLowerCase()
  return tools.find(
    (tool) =>
      lower.includes(tool.name.toLowerCase().replace(/_/g, ' ')) || lower.includes(tool.name.toLowerCase()),
  )
}

export function messageRoutes(ctx: SandboxContext): Route[] {
  const handle: Route['handle'] = async ({ body, req, res }) => {
    const request = parseWith(
      MessagesRequest,
      parseJsonObject(await body(), req.headers['content-type'], invalid),
      invalid,
    )
    const model = ctx.catalog.find(request.model)
    if (!model) throw new ServiceError(404, 'not_found_error', `model: ${request.model}`)
    if (!model.roles.includes('chat'))
      throw new ServiceError(400, invalid, `Model '${model.id}' does not support the messages endpoint.`)
    if (
      request.tool_choice?.type === 'tool' &&
      !request.tools?.some((tool) => tool.name === request.tool_choice?.name)
    ) {
      throw new ServiceError(
        400,
        invalid,
        `tool_choice names "${request.tool_choice.name}", which is not among tools.`,
      )
    }
    const last = request.messages.at(-1)!
    if (last.role !== 'user')
      throw new ServiceError(400, invalid, 'The last message must come from the user.')
    let imageTokens = 0
    for (const block of request.messages.flatMap(blocksOf)) {
      if (block.type !== 'image') continue
      const size = await imageSize(Buffer.from(block.source.data, 'base64'))
      if (!size) throw new ServiceError(400, invalid, 'An image block does not hold a decodable image.')
      imageTokens += Math.ceil((size.width * size.height) / 750)
    }
    const lastBlocks = blocksOf(last)
    const toolResult = lastBlocks.find((block) => block.type === 'tool_result')
    const prompt = lastBlocks
      .map((block) =>
        block.type === 'text' ? block.text : block.type === 'tool_result' ? block.content : '',
      )
      .join(' ')
    const tool = toolResult ? undefined : chooseTool(request, prompt)
    let content: ContentBlock[]
    let stopReason: string
    if (tool) {
      content = [{ type: 'text', text: `I'll use the ${tool.name} tool for this.` }, toolCall(tool, prompt)]
      stopReason = 'tool_use'
    } else {
      const text = toolResult
        ? `The tool returned: ${toolResult.content}. ${composeAnswer(prompt, model.id)}`
        : composeAnswer(prompt, model.id)
      const answer = cutToTokens(text, request.max_tokens)
      content = [{ type: 'text', text: answer.text }]
      stopReason = answer.cut ? 'max_tokens' : 'end_turn'
    }
    const usage = {
      input_tokens:
        estimateTokens([
          request.system ?? '',
          request.messages.map((m) =>
            typeof m.content === 'string' ? m.content : m.content.filter((b) => b.type !== 'image'),
          ),
        ]) + imageTokens,
      // What the model wrote: the text of each block, or a tool call's input.
      output_tokens: content.reduce(
        (sum, block) =>
          sum + estimateTokens(block.type === 'text' ? block.text : (block as { input?: unknown }).input),
        0,
      ),
    }
    const message = {
      id: `msg_${randomBytes(12).toString('hex')}`,
      type: 'message',
      role: 'assistant',
      content,
      model: model.id,
      stop_reason: stopReason,
      stop_sequence: null,
      usage,
    }
    if (!request.stream) return { status: 200, json: message }
    const cut = ctx.state.faults.cutStreams > 0
    if (cut) ctx.state.faults.cutStreams--
    await streamMessage(res, message, cut)
    return null
  }

  return [{ method: 'POST', pattern: /^\/msg-native\/v1\/messages$/, group: 'messages', handle }]
}

async function streamMessage(
  res: ServerResponse,
  message: {
    content: ContentBlock[]
    stop_reason: string
    usage: { input_tokens: number; output_tokens: number }
  } & Record<string, unknown>,
  /** Break the connection after the first text delta, as a network that fails midway does. */
  cut = false,
): Promise<void> {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
  const send = async (event: string, data: unknown) => {
    if (res.destroyed) return
    res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)
    await sleep(10)
  }
  await send('message_start', {
    type: 'message_start',
    message: {
      ...message,
      content: [],
      stop_reason: null,
      usage: { input_tokens: message.usage.input_tokens, output_tokens: 1 },
    },
  })
  await send('ping', { type: 'ping' })
  for (const [index, block] of message.content.entries()) {
    if (block.type === 'text') {
      await send('content_block_start', {
        type: 'content_block_start',
        index,
        content_block: { type: 'text', text: '' },
      })
      for (const piece of chunks(block.text)) {
        await send('content_block_delta', {
          type: 'content_block_delta',
          index,
          delta: { type: 'text_delta', text: piece },
        })
        if (cut) {
          res.destroy()
          return
        }
      }
    } else if (block.type === 'tool_use') {
      await send('content_block_start', {
        type: 'content_block_start',
        index,
        content_block: { ...block, input: {} },
      })
      const json = JSON.stringify(block.input)
      for (let i = 0; i < json.length; i += 24) {
        await send('content_block_delta', {
          type: 'content_block_delta',
          index,
          delta: { type: 'input_json_delta', partial_json: json.slice(i, i + 24) },
        })
      }
    }
    await send('content_block_stop', { type: 'content_block_stop', index })
  }
  await send('message_delta', {
    type: 'message_delta',
    delta: { stop_reason: message.stop_reason, stop_sequence: null },
    usage: { output_tokens: message.usage.output_tokens },
  })
  await send('message_stop', { type: 'message_stop' })
  res.end()
}
