// The content a single run evaluates (UI state): text, a JSON object, or a conversation of messages with
// text and images. Read into the service's input shape by one function.
import { create } from 'zustand'
import type { DecisionInput } from '#shared/api/decisions'
import type { MediaInput } from '../../components/MediaInputs.tsx'
import type { KeptDraft } from '../../kept-drafts.ts'

export type InputMode = 'text' | 'json' | 'messages'
export type MessageRole = 'user' | 'assistant' | 'system'

export interface MessageDraft {
  id: string
  role: MessageRole
  text: string
  images: MediaInput[]
}

export const blankMessage = (role: MessageRole = 'user'): MessageDraft => ({
  id: crypto.randomUUID(),
  role,
  text: '',
  images: [],
})

interface RunInput {
  mode: InputMode
  text: string
  messages: MessageDraft[]
  setMode(mode: InputMode): void
  setText(text: string): void
  setMessages(update: (messages: MessageDraft[]) => MessageDraft[]): void
}

export const useRunInput = create<RunInput>((set) => ({
  mode: 'text',
  text: '',
  messages: [blankMessage()],
  setMode: (mode) => set({ mode }),
  setText: (text) => set({ text }),
  setMessages: (update) => set((state) => ({ messages: update(state.messages) })),
}))

/** The content to evaluate outlives a restart too, as the questionnaire does. */
export const keptRunInput: KeptDraft<RunInput, 'decisions-input'> = {
  kind: 'decisions-input',
  store: useRunInput,
  draft: ({ mode, text, messages }) => ({ mode, text, messages }),
  blank: (state) =>
    state.text === '' && state.messages.every((message) => !message.text && message.images.length === 0),
  restore: (draft) => useRunInput.setState(draft),
}

export type ParsedInput = { ok: true; input: DecisionInput } | { ok: false; message: string }

export function parseInput(
  mode: InputMode,
  text: string,
  messages: readonly MessageDraft[] = [],
): ParsedInput {
  if (mode === 'messages') {
    const filled = messages.filter((message) => message.text.trim() || message.images.length > 0)
    if (filled.length === 0) return { ok: false, message: 'Write a message or add an image.' }
    return {
      ok: true,
      input: filled.map((message) => ({
        role: message.role,
        content: [
          ...(message.text.trim() ? [{ type: 'input_text' as const, text: message.text }] : []),
          ...message.images.map((image) => ({ type: 'input_image' as const, image_url: image.url })),
        ],
      })),
    }
  }
  if (mode === 'text')
    return text.trim() ? { ok: true, input: text } : { ok: false, message: 'Enter the content to evaluate.' }
  try {
    const value: unknown = JSON.parse(text)
    if (!value || typeof value !== 'object' || Array.isArray(value))
      return { ok: false, message: 'The input must be a JSON object.' }
    return { ok: true, input: value as DecisionInput }
  } catch (error) {
    return { ok: false, message: `This is not valid JSON: ${(error as Error).message}` }
  }
}

/** Whether the input carries an image (the dedicated model cannot read one). */
export const hasImages = (mode: InputMode, messages: readonly MessageDraft[]) =>
  mode === 'messages' && messages.some((message) => message.images.length > 0)
