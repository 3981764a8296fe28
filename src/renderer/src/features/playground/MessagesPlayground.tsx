// A messages (message-native) conversation: settings on the side, the transcript with tool round trips, and
// the composer. Every finished turn is saved with the conversation.
import { useEffect, useState } from 'react'
import type { ContentBlock, MessagesResponse } from '#shared/api/messages'
import { assembleMessage } from '#shared/domain/playground'
import { ErrorNote } from '../../components/ErrorNote.tsx'
import { invoke } from '../../ipc.ts'
import { Composer, dataOf } from './Composer.tsx'
import { composerWait, streamCall, useConversationSaving, useTurnState } from './calls.ts'
import { turnDrafts } from './composer-draft.ts'
import { type MessagesConversation, type MessagesTurn, messagesRequest } from './conversation.ts'
import { MessagesSettingsPanel } from './MessagesSettingsPanel.tsx'
import { MessagesTranscript } from './MessagesTranscript.tsx'
import { usePlaygroundModels } from './queries.ts'

export function MessagesPlayground(props: {
  conversation: MessagesConversation
  onChange: (conversation: MessagesConversation) => void
}) {
  const { conversation, onChange } = props
  const { list, choices, search, starting, prices } = usePlaygroundModels(
    'messages',
    conversation.settings.model,
  )
  const turn = useTurnState()
  const [live, setLive] = useState<MessagesResponse | null>(null)
  useEffect(() => {
    if (!conversation.settings.model && starting)
      onChange({ ...conversation, settings: { ...conversation.settings, model: starting.id } })
  }, [conversation, starting, onChange])
  const saving = useConversationSaving<MessagesConversation>(
    'messages',
    (next) => firstText(next.turns) || 'Messages conversation',
    onChange,
  )
  const answered = new Set(
    conversation.turns.flatMap((t) =>
      t.role === 'user' ? t.content.flatMap((b) => (b.type === 'tool_result' ? [b.tool_use_id] : [])) : [],
    ),
  )
  const nextRequest = messagesRequest(conversation)

  async function send(content: ContentBlock[]) {
    const withUser: MessagesConversation = {
      ...conversation,
      turns: [...conversation.turns, { role: 'user', content }],
    }
    onChange(withUser)
    await ask(withUser)
  }

  /** Asks for the answer to a conversation whose last turn is the person's (a send, or a retry after a failure). */
  async function ask(withUser: MessagesConversation) {
    const body = messagesRequest(withUser)
    if (typeof body === 'string') return turn.refuse(body)
    const started = performance.now()
    let answer: MessagesTurn | null = null
    if (body.stream) {
      const call = streamCall(
        (requestId) => invoke('streams.messages', { requestId, conversationId: conversation.id, body }),
        (events) => setLive(assembleMessage(events.map((e) => e.data as { type: string }))),
      )
      const result = await turn.run(call.requestId, call.done)
      const response = result ? assembleMessage(result.events.map((e) => e.data as { type: string })) : null
      if (result && response)
        answer = {
          role: 'assistant',
          response,
          wire: result.wire,
          events: result.events,
          ms: performance.now() - started,
        }
    } else {
      const requestId = crypto.randomUUID()
      const result = await turn.run(
        requestId,
        invoke('playground.messages', { requestId, conversationId: conversation.id, body }),
      )
      if (result)
        answer = {
          role: 'assistant',
          response: result.response,
          wire: result.wire,
          ms: performance.now() - started,
        }
    }
    setLive(null)
    if (!answer) return
    saving.finish({ ...withUser, turns: [...withUser.turns, answer] })
  }

  return (
    <div className="playground">
      <MessagesSettingsPanel
        settings={conversation.settings}
        choices={choices}
        search={search}
        onChange={(change) =>
          onChange({ ...conversation, settings: { ...conversation.settings, ...change } })
        }
      />
      <section className="playground__chat" aria-label="Messages conversation">
        <MessagesTranscript
          turns={conversation.turns}
          prices={prices}
          answered={answered}
          busy={turn.running !== null}
          onToolResult={(toolUseId, result) =>
            void send([{ type: 'tool_result', tool_use_id: toolUseId, content: result }])
          }
        />
        {live ? (
          <div className="turn turn--model turn--live" aria-live="polite">
            {live.content.map((block, index) =>
              block.type === 'text' ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: blocks keep their order
                <p key={index} className="turn__text">
                  {block.text}
                </p>
              ) : null,
            )}
          </div>
        ) : null}
        {/* Without the catalog no model can be chosen: say why, with a way to ask again. */}
        <ErrorNote error={list.error} onRetry={() => void list.refetch()} />
        <ErrorNote
          error={turn.error}
          onRetry={conversation.turns.at(-1)?.role === 'user' ? () => void ask(conversation) : undefined}
        />
        <ErrorNote error={saving.error} />
        <Composer
          draft={turnDrafts.messages}
          allowed={['image']}
          busy={turn.running !== null}
          disabledReason={typeof nextRequest === 'string' ? nextRequest : null}
          waitingFor={composerWait(conversation.settings.model, list, starting)}
          onCancel={turn.cancel}
          onSend={({ text, media }) =>
            void send([
              ...media.flatMap((item): ContentBlock[] => {
                const data = dataOf(item.url)
                return data
                  ? [
                      {
                        type: 'image',
                        source: { type: 'base64', media_type: data.mimeType, data: data.data },
                      },
                    ]
                  : []
              }),
              ...(text.trim() ? [{ type: 'text' as const, text }] : []),
            ])
          }
        />
      </section>
    </div>
  )
}

function firstText(turns: readonly MessagesTurn[]): string {
  for (const turn of turns)
    if (turn.role === 'user')
      for (const block of turn.content) if (block.type === 'text') return block.text.slice(0, 80)
  return ''
}
