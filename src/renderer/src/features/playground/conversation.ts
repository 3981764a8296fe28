// Playground conversations as the screen keeps them, and the request each one makes next.

import { z } from 'zod'
import { create } from 'zustand'
import type { Content, GenerateContentRequest, GenerateContentResponse, Part } from '#shared/api/generative'
import type { ContentBlock, MessagesRequest, MessagesResponse } from '#shared/api/messages'
import { Tool } from '#shared/api/messages'
import type { ImageRecord } from '#shared/ipc/routes/images'
import type { WireRecord } from '#shared/ipc/routes/playground'
import type { StreamedEvent } from './calls.ts'

export interface AnswerMeta {
  wire: WireRecord[]
  events?: StreamedEvent[] | undefined
  ms: number
}

export type MessagesTurn =
  | { role: 'user'; content: ContentBlock[] }
  | ({ role: 'assistant'; response: MessagesResponse } & AnswerMeta)

export interface MessagesSettings {
  model: string
  system: string
  /** As typed; conversations saved before kept it as a number. */
  maxTokens: string | number
  temperature: string
  topP: string
  topK: string
  toolsJson: string
  toolChoice: 'auto' | 'any' | 'none' | 'tool'
  toolName: string
  stream: boolean
}

export interface MessagesConversation {
  id: string
  title: string
  settings: MessagesSettings
  turns: MessagesTurn[]
}

export type GenerateTurn =
  | { role: 'user'; parts: Part[] }
  | ({ role: 'model'; response: GenerateContentResponse; images: ImageRecord[] } & AnswerMeta)

/** A generateContent conversation's settings; the generation ones as typed (empty: the model's default). */
export interface GenerateSettings {
  model: string
  stream: boolean
  cachedContent: string | null
  /** Conversations saved before these settings existed have none of them. */
  system?: string
  maxOutputTokens?: string
  temperature?: string
  topP?: string
  topK?: string
}

export interface GenerateConversation {
  id: string
  title: string
  settings: GenerateSettings
  turns: GenerateTurn[]
}

export const newMessagesConversation = (model = ''): MessagesConversation => ({
  id: crypto.randomUUID(),
  title: '',
  settings: {
    model,
    system: '',
    maxTokens: '1024',
    temperature: '',
    topP: '',
    topK: '',
    toolsJson: '',
    toolChoice: 'auto',
    toolName: '',
    stream: true,
  },
  turns: [],
})

export const newGenerateConversation = (model = ''): GenerateConversation => ({
  id: crypto.randomUUID(),
  title: '',
  settings: { model, stream: true, cachedContent: null },
  turns: [],
})

const Tools = z.array(Tool)

/** The tools as typed, or why they cannot be sent. */
export function parseTools(
  json: string,
): { ok: true; tools: z.infer<typeof Tools> } | { ok: false; message: string } {
  if (!json.trim()) return { ok: true, tools: [] }
  let value: unknown
  try {
    value = JSON.parse(json)
  } catch (error) {
    return { ok: false, message: `This is not valid JSON: ${(error as Error).message}` }
  }
  const parsed = Tools.safeParse(value)
  if (parsed.success) return { ok: true, tools: parsed.data }
  const issue = parsed.error.issues[0]
  return {
    ok: false,
    message: `Tools must be an array of {name, description, input_schema: {type: "object", …}}: ${issue?.path.join('.') || 'the list'} — ${issue?.message}`,
  }
}

/** A sampling number as typed (empty means "not sent"), or why it is not valid. */
export function parseSampling(
  text: string,
  max: number | null,
  integer = false,
): number | undefined | string {
  if (!text.trim()) return undefined
  const value = Number(text)
  if (
    !Number.isFinite(value) ||
    value < 0 ||
    (max !== null && value > max) ||
    (integer && !Number.isInteger(value))
  )
    return `Use ${integer ? 'a whole number' : 'a number'} from 0${max === null ? '' : ` to ${max}`}.`
  return value
}

/** max_tokens as typed: a whole number of at least 1 (document 3 requires it), or why it is not. */
export function parseMaxTokens(typed: string | number): number | string {
  const value = Number(String(typed).trim() || Number.NaN)
  return Number.isInteger(value) && value >= 1 ? value : 'max_tokens is required: use a whole number from 1.'
}

/** The next messages request, or the first problem with the settings. */
export function messagesRequest(conversation: MessagesConversation): MessagesRequest | string {
  const { settings } = conversation
  const tools = parseTools(settings.toolsJson)
  if (!tools.ok) return tools.message
  const named = settings.toolChoice === 'tool' && tools.tools.length > 0
  if (named && !tools.tools.some((tool) => tool.name === settings.toolName))
    return 'Choose the tool the model must use.'
  const temperature = parseSampling(settings.temperature, 1)
  const topP = parseSampling(settings.topP, 1)
  const topK = parseSampling(settings.topK, null, true)
  const maxTokens = parseMaxTokens(settings.maxTokens)
  for (const value of [maxTokens, temperature, topP, topK]) if (typeof value === 'string') return value
  if (!settings.model) return 'Choose a model.'
  return {
    model: settings.model,
    max_tokens: maxTokens as number,
    messages: conversation.turns.map((turn) =>
      turn.role === 'user'
        ? { role: 'user', content: turn.content }
        : { role: 'assistant', content: turn.response.content },
    ),
    ...(settings.system.trim() ? { system: settings.system } : {}),
    ...(typeof temperature === 'number' ? { temperature } : {}),
    ...(typeof topP === 'number' ? { top_p: topP } : {}),
    ...(typeof topK === 'number' ? { top_k: topK } : {}),
    ...(tools.tools.length
      ? {
          tools: tools.tools,
          tool_choice:
            settings.toolChoice === 'tool'
              ? { type: 'tool', name: settings.toolName }
              : { type: settings.toolChoice },
        }
      : {}),
    ...(settings.stream ? { stream: true } : {}),
  }
}

/** maxOutputTokens as typed: empty for the model's default, else a whole number from 1 (or why not). */
export function parseOutputTokens(typed: string | undefined): number | undefined | string {
  if (!typed?.trim()) return undefined
  const value = Number(typed)
  return Number.isInteger(value) && value >= 1 ? value : 'Use a whole number from 1, or leave it empty.'
}

/** The next generateContent request, or the first problem with the settings. */
export function generateRequest(conversation: GenerateConversation): GenerateContentRequest | string {
  const { settings } = conversation
  const maxOutputTokens = parseOutputTokens(settings.maxOutputTokens)
  const temperature = parseSampling(settings.temperature ?? '', 2)
  const topP = parseSampling(settings.topP ?? '', 1)
  const topK = parseSampling(settings.topK ?? '', null, true)
  for (const value of [maxOutputTokens, temperature, topP, topK]) if (typeof value === 'string') return value
  if (!settings.model) return 'Choose a model.'
  if (settings.cachedContent && settings.system?.trim())
    return 'A conversation that uses a cache cannot also send a system instruction: clear the system instruction, or detach the cache.'
  const generationConfig = {
    ...(typeof maxOutputTokens === 'number' ? { maxOutputTokens } : {}),
    ...(typeof temperature === 'number' ? { temperature } : {}),
    ...(typeof topP === 'number' ? { topP } : {}),
    ...(typeof topK === 'number' ? { topK } : {}),
  }
  return {
    contents: generateContents(conversation),
    ...(settings.cachedContent ? { cachedContent: settings.cachedContent } : {}),
    ...(settings.system?.trim() ? { systemInstruction: { parts: [{ text: settings.system }] } } : {}),
    ...(Object.keys(generationConfig).length ? { generationConfig } : {}),
  }
}

/** The next generateContent contents: the whole conversation, or with a cache only the new turn. */
export function generateContents(conversation: GenerateConversation): Content[] {
  const turns = conversation.settings.cachedContent ? conversation.turns.slice(-1) : conversation.turns
  return turns.map((turn) =>
    turn.role === 'user'
      ? { role: 'user', parts: turn.parts }
      : {
          role: 'model',
          parts: (turn.response.candidates[0]?.content.parts ?? []).filter(
            (part) => part.text !== undefined && !part.thought,
          ),
        },
  )
}

/**
 * The open conversations (UI state): they stay while the person visits other screens, and the last saved one of
 * each protocol is opened again on the first visit after a start (`restored` says that has happened).
 */
export const useOpenConversations = create<{
  messages: MessagesConversation
  generate: GenerateConversation
  restored: boolean
  setMessages(update: MessagesConversation | ((current: MessagesConversation) => MessagesConversation)): void
  setGenerate(update: GenerateConversation | ((current: GenerateConversation) => GenerateConversation)): void
  markRestored(): void
}>((set) => ({
  messages: newMessagesConversation(),
  generate: newGenerateConversation(),
  restored: false,
  markRestored: () => set({ restored: true }),
  setMessages: (update) =>
    set((state) => ({ messages: typeof update === 'function' ? update(state.messages) : update })),
  setGenerate: (update) =>
    set((state) => ({ generate: typeof update === 'function' ? update(state.generate) : update })),
}))
