// A generateContent (generative-native) conversation: model, streaming and an attached cache on the side, the
// transcript, and the composer with text and inline media. Every finished turn is saved.
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import type { GenerateContentResponse, Part } from '#shared/api/generative'
import { assembleGenerate } from '#shared/domain/playground'
import { ErrorNote } from '../../components/ErrorNote.tsx'
import { ModelChooser } from '../../components/ModelChooser.tsx'
import { invoke, queryKeys, sharedQueries } from '../../ipc.ts'
import { Composer, dataOf } from './Composer.tsx'
import { composerWait, streamCall, useConversationSaving, useTurnState } from './calls.ts'
import { turnDrafts } from './composer-draft.ts'
import {
  type GenerateConversation,
  type GenerateTurn,
  generateRequest,
  parseOutputTokens,
  parseSampling,
} from './conversation.ts'
import { Answer, GenerateTranscript } from './GenerateTranscript.tsx'
import { NumberSetting } from './NumberSetting.tsx'
import { useCacheHandles, usePlaygroundModels } from './queries.ts'

export function GeneratePlayground(props: {
  conversation: GenerateConversation
  onChange: (conversation: GenerateConversation) => void
}) {
  const { conversation, onChange } = props
  const { settings } = conversation
  const client = useQueryClient()
  const turn = useTurnState()
  const caches = useCacheHandles()
  const preferences = useQuery(sharedQueries.preferences)
  const thoughtsOpen = preferences.data?.thoughtsOpen ?? false
  const [live, setLive] = useState<GenerateContentResponse | null>(null)
  const { list, choices, search, starting, prices } = usePlaygroundModels('generate', settings.model)
  useEffect(() => {
    if (!settings.model && starting)
      onChange({ ...conversation, settings: { ...settings, model: starting.id } })
  }, [conversation, settings, starting, onChange])
  const usable =
    caches.data?.filter((handle) => handle.model === settings.model && handle.state === 'active') ?? []
  const attached = caches.data?.find((handle) => handle.name === settings.cachedContent)
  const setSettings = (change: Partial<GenerateConversation['settings']>) =>
    onChange({ ...conversation, settings: { ...settings, ...change } })
  const saving = useConversationSaving<GenerateConversation>(
    'generative',
    (next) => firstText(next.turns) || 'generateContent conversation',
    onChange,
  )
  const toggleThoughts = (open: boolean) =>
    void invoke('preferences.update', { thoughtsOpen: open }).then(() =>
      client.invalidateQueries({ queryKey: queryKeys.preferences() }),
    )

  const nextRequest = generateRequest(conversation)

  async function send(parts: Part[]) {
    const withUser: GenerateConversation = {
      ...conversation,
      turns: [...conversation.turns, { role: 'user', parts }],
    }
    onChange(withUser)
    await ask(withUser)
  }

  /** Asks for the answer to a conversation whose last turn is the person's (a send, or a retry after a failure). */
  async function ask(withUser: GenerateConversation) {
    const body = generateRequest(withUser)
    if (typeof body === 'string') return turn.refuse(body)
    const started = performance.now()
    let answer: GenerateTurn | null = null
    if (settings.stream) {
      const call = streamCall(
        (requestId) =>
          invoke('streams.generateContent', {
            requestId,
            conversationId: conversation.id,
            model: settings.model,
            body,
          }),
        (events) => setLive(assembleGenerate(events.map((e) => e.data as GenerateContentResponse))),
      )
      const result = await turn.run(call.requestId, call.done)
      const response = result
        ? assembleGenerate(result.events.map((e) => e.data as GenerateContentResponse))
        : null
      if (result && response) {
        const images = (response.candidates[0]?.content.parts ?? []).some(
          (p) => p.inlineData ?? p.inline_data,
        )
          ? await invoke('images.list', { limit: 1 })
          : []
        answer = {
          role: 'model',
          response,
          images,
          wire: result.wire,
          events: result.events,
          ms: performance.now() - started,
        }
      }
    } else {
      const requestId = crypto.randomUUID()
      const result = await turn.run(
        requestId,
        invoke('playground.generate', {
          requestId,
          conversationId: conversation.id,
          model: settings.model,
          body,
        }),
      )
      if (result)
        answer = {
          role: 'model',
          response: result.response,
          images: result.images,
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
      <section className="playground-settings" aria-label="generateContent settings">
        <ModelChooser
          label="Model"
          choices={choices}
          {...search}
          value={settings.model}
          onChange={(model) => setSettings({ model, cachedContent: null })}
        />
        <label className="field">
          <span className="field__label">Cached content</span>
          <select
            value={settings.cachedContent ?? ''}
            onChange={(event) => setSettings({ cachedContent: event.target.value || null })}
          >
            <option value="">None</option>
            {usable.map((handle) => (
              <option key={handle.name} value={handle.name}>
                {handle.displayName ?? handle.name} · {handle.tokenCount.toLocaleString('en-US')} tokens
              </option>
            ))}
          </select>
          <span className="muted">
            {attached
              ? attached.state === 'active'
                ? 'With a cache, each turn carries only its new content.'
                : `${attached.name} is ${attached.state}; detach it or create a new cache.`
              : usable.length
                ? `${usable.length} cache${usable.length === 1 ? '' : 's'} of this model can be attached.`
                : 'Create a cache in “Cached contents” to attach one.'}
          </span>
        </label>
        <label className="field">
          <span className="field__label">System instruction</span>
          <textarea
            rows={3}
            value={settings.system ?? ''}
            onChange={(event) => setSettings({ system: event.target.value })}
          />
        </label>
        <div className="playground-settings__row">
          <NumberSetting
            label="maxOutputTokens"
            value={settings.maxOutputTokens ?? ''}
            problem={parseOutputTokens(settings.maxOutputTokens)}
            onChange={(value) => setSettings({ maxOutputTokens: value })}
          />
          <NumberSetting
            label="temperature"
            value={settings.temperature ?? ''}
            problem={parseSampling(settings.temperature ?? '', 2)}
            onChange={(value) => setSettings({ temperature: value })}
          />
          <NumberSetting
            label="topP"
            value={settings.topP ?? ''}
            problem={parseSampling(settings.topP ?? '', 1)}
            onChange={(value) => setSettings({ topP: value })}
          />
          <NumberSetting
            label="topK"
            value={settings.topK ?? ''}
            problem={parseSampling(settings.topK ?? '', null, true)}
            onChange={(value) => setSettings({ topK: value })}
          />
        </div>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={settings.stream}
            onChange={(event) => setSettings({ stream: event.target.checked })}
          />
          Stream the answer
        </label>
      </section>
      <section className="playground__chat" aria-label="generateContent conversation">
        <GenerateTranscript
          turns={conversation.turns}
          prices={prices}
          thoughtsOpen={thoughtsOpen}
          onThoughtsToggle={toggleThoughts}
        />
        {live ? (
          <div className="turn turn--model turn--live" aria-live="polite">
            <Answer response={live} thoughtsOpen={thoughtsOpen} onThoughtsToggle={toggleThoughts} />
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
          draft={turnDrafts.generate}
          allowed={['image', 'audio', 'video']}
          busy={turn.running !== null}
          disabledReason={typeof nextRequest === 'string' ? nextRequest : null}
          waitingFor={composerWait(settings.model, list, starting)}
          onCancel={turn.cancel}
          onSend={({ text, media }) =>
            void send([
              ...(text.trim() ? [{ text }] : []),
              ...media.flatMap((item): Part[] => {
                const data = dataOf(item.url)
                return data ? [{ inlineData: { mimeType: data.mimeType, data: data.data } }] : []
              }),
            ])
          }
        />
      </section>
    </div>
  )
}

function firstText(turns: readonly GenerateTurn[]): string {
  for (const turn of turns)
    if (turn.role === 'user') for (const part of turn.parts) if (part.text) return part.text.slice(0, 80)
  return ''
}
