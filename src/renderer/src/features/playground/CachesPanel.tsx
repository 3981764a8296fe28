// Cached contents: create one from contents, a system instruction and tools with a TTL (600–3600 s) or an
// expiry time (never both); the handles this app created with a live countdown, token count and write cost;
// read one again, delete it, or use it in a conversation.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { cacheTtl, resolveCacheExpiry } from '#shared/domain/caches'
import type { CacheHandle } from '#shared/ipc/routes/playground'
import { ErrorNote } from '../../components/ErrorNote.tsx'
import { ModelChooser } from '../../components/ModelChooser.tsx'
import { formatDateTime, formatUsd } from '../../format.ts'
import { invalidateTopic, invoke } from '../../ipc.ts'
import { useNow } from '../../use-now.ts'
import { useCacheHandles, usePlaygroundModels } from './queries.ts'

export function CachesPanel(props: { onUse: (handle: CacheHandle) => void | Promise<void> }) {
  const handles = useCacheHandles()
  const now = useNow(handles.data?.some((h) => h.state === 'active') ?? false)
  return (
    <div className="caches">
      <CreateCache />
      <section className="caches__list" aria-label="Your caches">
        <h2 className="section-title">Your caches</h2>
        <p className="muted">
          The service has no list of caches, so these are the ones this app created for the active profile.
        </p>
        <ErrorNote error={handles.error} onRetry={() => handles.refetch()} />
        {handles.data?.length === 0 ? <p className="muted">None yet.</p> : null}
        <ul className="caches__items">
          {handles.data?.map((handle) => (
            <CacheRow key={handle.name} handle={handle} now={now} onUse={() => void props.onUse(handle)} />
          ))}
        </ul>
      </section>
    </div>
  )
}

function CacheRow(props: { handle: CacheHandle; now: number; onUse: () => void }) {
  const { handle } = props
  const client = useQueryClient()
  const act = useMutation({
    mutationFn: (action: 'get' | 'delete') =>
      action === 'get'
        ? invoke('caches.get', { name: handle.name })
        : invoke('caches.delete', { name: handle.name }),
    onSettled: () => invalidateTopic(client, 'caches'),
  })
  const left = Math.max(0, Math.round((handle.expireAt - props.now) / 1000))
  const state = handle.state === 'active' && left === 0 ? 'expired' : handle.state
  return (
    <li
      className={`cache-row cache-row--${state} inset`}
      aria-label={`Cache ${handle.displayName ?? handle.name}`}
    >
      <div className="cache-row__main">
        <strong>{handle.displayName ?? handle.name}</strong>
        <span className="muted cache-row__name" title={handle.name}>
          {handle.name}
        </span>
        <span className="muted">
          {handle.model} · {handle.tokenCount.toLocaleString('en-US')} tokens · written for{' '}
          {formatUsd(handle.writeCost)} · created {formatDateTime(handle.createdAt)}
        </span>
      </div>
      {/* The countdown is not announced each second; that the cache ended is. */}
      <span className="visually-hidden" role="status">
        {state === 'active' ? '' : `${handle.displayName ?? handle.name}: ${state}`}
      </span>
      <span className={`badge cache-row__state cache-row__state--${state}`}>
        {state === 'active'
          ? `expires in ${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`
          : state === 'expired'
            ? 'expired'
            : 'deleted'}
      </span>
      <div className="form-actions">
        {state === 'active' ? (
          <button type="button" className="button button--primary" onClick={props.onUse}>
            Use in conversation
          </button>
        ) : null}
        {handle.state !== 'deleted' ? (
          <>
            <button type="button" className="button" onClick={() => act.mutate('get')}>
              Check
            </button>
            <button
              type="button"
              className="button button--quiet button--danger"
              onClick={() => act.mutate('delete')}
            >
              Delete
            </button>
          </>
        ) : null}
      </div>
      <ErrorNote error={act.error} />
    </li>
  )
}

/** Tools for a cache: any JSON array, sent as written (the generative protocol's own tool format). */
function jsonArray(json: string): { ok: true; items: unknown[] } | { ok: false; message: string } {
  if (!json.trim()) return { ok: true, items: [] }
  try {
    const value: unknown = JSON.parse(json)
    return Array.isArray(value)
      ? { ok: true, items: value }
      : { ok: false, message: 'Tools must be a JSON array.' }
  } catch (error) {
    return { ok: false, message: `The tools are not valid JSON: ${(error as Error).message}` }
  }
}

function CreateCache() {
  const client = useQueryClient()
  const [model, setModel] = useState('')
  const { choices, search, starting } = usePlaygroundModels('cache', model)
  // The starting model is the one chosen until another is, so the field lists it first as it does a choice.
  useEffect(() => {
    if (!model && starting) setModel(starting.id)
  }, [model, starting])
  const [displayName, setDisplayName] = useState('')
  const [system, setSystem] = useState('')
  const [text, setText] = useState('')
  const [toolsJson, setToolsJson] = useState('')
  const [lifetime, setLifetime] = useState<'ttl' | 'expire'>('ttl')
  const [ttl, setTtl] = useState(String(cacheTtl.defaultSeconds))
  const [expireAt, setExpireAt] = useState('')
  const chosen = model || starting?.id || ''
  const tools = jsonArray(toolsJson)
  const timing =
    lifetime === 'ttl'
      ? { ttl: `${ttl.trim()}s` }
      : { expireTime: expireAt ? new Date(expireAt).toISOString() : '' }
  const expiry = resolveCacheExpiry(timing, Date.now())
  const problem =
    'violation' in expiry
      ? expiry.violation.message
      : !tools.ok
        ? tools.message
        : !text.trim()
          ? 'Write the contents to cache.'
          : null
  const create = useMutation({
    mutationFn: () =>
      invoke('caches.create', {
        model: `models/${chosen}`,
        contents: [{ role: 'user', parts: [{ text }] }],
        ...(system.trim() ? { systemInstruction: { parts: [{ text: system }] } } : {}),
        ...(tools.ok && tools.items.length ? { tools: tools.items } : {}),
        ...(displayName.trim() ? { displayName: displayName.trim() } : {}),
        ...timing,
      }),
    onSuccess: () => invalidateTopic(client, 'caches'),
  })
  return (
    <form
      className="caches__create"
      aria-label="New cache"
      onSubmit={(event) => {
        event.preventDefault()
        if (!problem) create.mutate()
      }}
    >
      <h2 className="section-title">New cache</h2>
      <div className="playground-settings__row">
        <ModelChooser label="Model" choices={choices} {...search} value={chosen} onChange={setModel} />
        <label className="field">
          <span className="field__label">Name (optional)</span>
          <input value={displayName} onChange={(event) => setDisplayName(event.target.value)} />
        </label>
      </div>
      <label className="field">
        <span className="field__label">Contents to cache</span>
        <textarea rows={6} value={text} onChange={(event) => setText(event.target.value)} />
      </label>
      <label className="field">
        <span className="field__label">System instruction (optional)</span>
        <textarea rows={2} value={system} onChange={(event) => setSystem(event.target.value)} />
      </label>
      <label className="field">
        <span className="field__label">Tools (optional JSON)</span>
        <textarea
          rows={3}
          className="code-input"
          value={toolsJson}
          onChange={(event) => setToolsJson(event.target.value)}
        />
      </label>
      <div className="segmented" role="radiogroup" aria-label="Lifetime">
        <label className="segmented__option">
          <input
            type="radio"
            name="lifetime"
            checked={lifetime === 'ttl'}
            onChange={() => setLifetime('ttl')}
          />
          Time to live
        </label>
        <label className="segmented__option">
          <input
            type="radio"
            name="lifetime"
            checked={lifetime === 'expire'}
            onChange={() => setLifetime('expire')}
          />
          Expiry time
        </label>
      </div>
      {lifetime === 'ttl' ? (
        <label className="field">
          <span className="field__label">
            TTL in seconds ({cacheTtl.minSeconds}–{cacheTtl.maxSeconds})
          </span>
          <input
            type="number"
            min={cacheTtl.minSeconds}
            max={cacheTtl.maxSeconds}
            value={ttl}
            onChange={(e) => setTtl(e.target.value)}
          />
        </label>
      ) : (
        <label className="field">
          <span className="field__label">Expires at</span>
          <input
            type="datetime-local"
            value={expireAt}
            onChange={(event) => setExpireAt(event.target.value)}
          />
        </label>
      )}
      {problem && (text || lifetime === 'expire' || ttl !== String(cacheTtl.defaultSeconds)) ? (
        <p className="field-error">{problem}</p>
      ) : null}
      <div className="form-actions">
        <button
          type="submit"
          className="button button--primary"
          disabled={problem !== null || create.isPending}
        >
          {create.isPending ? 'Creating…' : 'Create cache'}
        </button>
      </div>
      <ErrorNote error={create.error} />
    </form>
  )
}
