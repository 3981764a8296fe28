// Playground: the native protocols by hand — messages, generateContent, cached contents — with every turn's
// wire view, and conversations saved to come back to.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useConfirm } from '../../components/ConfirmDialog.tsx'
import { EmptyState } from '../../components/EmptyState.tsx'
import { ErrorNote } from '../../components/ErrorNote.tsx'
import { ScreenHeader } from '../../components/ScreenHeader.tsx'
import { Tabs } from '../../components/Tabs.tsx'
import { formatDateTime } from '../../format.ts'
import { invoke, queryKeys } from '../../ipc.ts'
import { setRouteParams, useRouteParams } from '../../router.ts'
import { CachesPanel } from './CachesPanel.tsx'
import {
  type GenerateConversation,
  type MessagesConversation,
  newGenerateConversation,
  newMessagesConversation,
  useOpenConversations,
} from './conversation.ts'
import { GeneratePlayground } from './GeneratePlayground.tsx'
import { MessagesPlayground } from './MessagesPlayground.tsx'
import { useConversations } from './queries.ts'
import './playground.css'

const tabs = [
  { value: 'messages', label: 'Messages' },
  { value: 'generate', label: 'Generate content' },
  { value: 'caches', label: 'Cached contents' },
  { value: 'saved', label: 'Saved' },
] as const

export function PlaygroundScreen() {
  const params = useRouteParams('/playground')
  const tab = params.tab ?? 'messages'
  // "Use in Playground" from the model browser arrives as ?model=…
  const wanted = params.model
  const { messages, generate, setMessages, setGenerate } = useOpenConversations()
  const [confirmation, confirm] = useConfirm()
  useReopenLastConversations()
  useEffect(() => {
    if (!wanted) return
    setMessages((current) => ({ ...current, settings: { ...current.settings, model: wanted } }))
    setRouteParams('/playground', { model: null })
  }, [wanted, setMessages])
  // A link to a conversation (from the spend view) opens it, on the tab of its protocol.
  const linked = params.conversation
  const [linkProblem, setLinkProblem] = useState<unknown>(null)
  useEffect(() => {
    if (!linked) return
    let current = true
    invoke('conversations.get', { id: linked })
      .then((conversation) => {
        if (!current) return
        if (conversation.protocol === 'messages') setMessages(conversation.state as MessagesConversation)
        else setGenerate(conversation.state as GenerateConversation)
        setLinkProblem(null)
        setRouteParams('/playground', {
          conversation: null,
          tab: conversation.protocol === 'messages' ? null : 'generate',
        })
      })
      .catch((error: unknown) => {
        if (!current) return
        setLinkProblem(error)
        setRouteParams('/playground', { conversation: null })
      })
    return () => {
      current = false
    }
  }, [linked, setMessages, setGenerate])

  return (
    <div className="playground-screen">
      {confirmation}
      <ScreenHeader
        title="Playground"
        subtitle="The native protocols by hand: see exactly what goes over the wire."
        actions={
          tab === 'messages' || tab === 'generate' ? (
            <button
              type="button"
              className="button"
              onClick={() =>
                tab === 'messages'
                  ? setMessages(newMessagesConversation(messages.settings.model))
                  : setGenerate(newGenerateConversation(generate.settings.model))
              }
            >
              New conversation
            </button>
          ) : null
        }
      />
      <ErrorNote error={linkProblem} />
      <Tabs
        label="Playground"
        options={tabs}
        value={tab}
        onChange={(option) => setRouteParams('/playground', { tab: option === 'messages' ? null : option })}
      />
      {tab === 'generate' ? (
        <GeneratePlayground key={generate.id} conversation={generate} onChange={setGenerate} />
      ) : tab === 'caches' ? (
        <CachesPanel
          onUse={async (handle) => {
            // A cache starts a conversation of its own; one under way is not replaced without asking.
            if (
              generate.turns.length > 0 &&
              !(await confirm(
                'Start a new generateContent conversation with this cache? The one open now stays under Saved.',
                'Start with the cache',
              ))
            )
              return
            setGenerate((current) => ({
              ...newGenerateConversation(handle.model),
              // The cache's contents lead: a system instruction of the conversation's own cannot go with it.
              settings: { ...current.settings, model: handle.model, cachedContent: handle.name, system: '' },
            }))
            setRouteParams('/playground', { tab: 'generate' })
          }}
        />
      ) : tab === 'saved' ? (
        <SavedConversations
          onOpen={(protocol, state) => {
            if (protocol === 'messages') {
              setMessages(state as MessagesConversation)
              setRouteParams('/playground', { tab: null })
            } else {
              setGenerate(state as GenerateConversation)
              setRouteParams('/playground', { tab: 'generate' })
            }
          }}
        />
      ) : (
        <MessagesPlayground key={messages.id} conversation={messages} onChange={setMessages} />
      )}
    </div>
  )
}

function SavedConversations(props: {
  onOpen: (protocol: 'messages' | 'generative', state: unknown) => void
}) {
  const list = useConversations()
  const client = useQueryClient()
  const act = useMutation({
    mutationFn: async ({ id, action }: { id: string; action: 'open' | 'delete' }) => {
      if (action === 'delete') return invoke('conversations.delete', { id })
      const conversation = await invoke('conversations.get', { id })
      props.onOpen(conversation.protocol, conversation.state)
      return null
    },
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.conversations() }),
  })
  if (list.data?.length === 0)
    return (
      <EmptyState
        icon="playground"
        title="No saved conversations"
        summary="Every messages or generateContent conversation is saved after each answer, to open again here."
        steps={['Start a conversation in Messages or Generate content', 'Come back here to open it again']}
      />
    )
  return (
    <section aria-label="Saved conversations">
      <ErrorNote error={list.error ?? act.error} />
      <ul className="saved-list">
        {list.data?.map((conversation) => (
          <li key={conversation.id} className="saved-list__item inset">
            <div>
              <strong>{conversation.title}</strong>
              <span className="muted">
                {conversation.protocol === 'messages' ? 'Messages' : 'generateContent'} · {conversation.model}{' '}
                · {formatDateTime(conversation.updatedAt)}
              </span>
            </div>
            <div className="form-actions">
              <button
                type="button"
                className="button"
                onClick={() => act.mutate({ id: conversation.id, action: 'open' })}
              >
                Open
              </button>
              <button
                type="button"
                className="button button--quiet button--danger"
                onClick={() => act.mutate({ id: conversation.id, action: 'delete' })}
              >
                Delete
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  )
}

/** On the first visit after a start, opens the last saved conversation of each protocol where none is under way. */
function useReopenLastConversations() {
  const { restored, markRestored, setMessages, setGenerate } = useOpenConversations()
  useEffect(() => {
    if (restored) return
    markRestored()
    void (async () => {
      const saved = await invoke('conversations.list', {})
      const latest = (protocol: 'messages' | 'generative') =>
        saved.filter((entry) => entry.protocol === protocol).sort((a, b) => b.updatedAt - a.updatedAt)[0]
      const lastMessages = latest('messages')
      const lastGenerate = latest('generative')
      if (lastMessages) {
        const { state } = await invoke('conversations.get', { id: lastMessages.id })
        setMessages((current) => (current.turns.length ? current : (state as MessagesConversation)))
      }
      if (lastGenerate) {
        const { state } = await invoke('conversations.get', { id: lastGenerate.id })
        setGenerate((current) => (current.turns.length ? current : (state as GenerateConversation)))
      }
    })().catch(() => {
      // Nothing to reopen: the screen starts on a new conversation, as on a first launch.
    })
  }, [restored, markRestored, setMessages, setGenerate])
}
