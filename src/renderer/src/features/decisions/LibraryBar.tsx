// Keeping work: save the questionnaire as a new version, open a saved one or a template, import and export
// JSON, and see the exact request with a copyable curl for the active profile (the key masked).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type KeyboardEvent, useRef, useState } from 'react'
import type { Questionnaire } from '#shared/domain/questionnaire'
import { useCommands } from '../../commands.ts'
import { ErrorNote } from '../../components/ErrorNote.tsx'
import { GetCode } from '../../components/GetCode.tsx'
import { useDismiss } from '../../components/use-dismiss.ts'
import { invoke, queryKeys } from '../../ipc.ts'
import { useProfiles } from '../../profiles.ts'
import { readQuestionnaireFile } from './files.ts'
import { keepSaved, savedVersion, useSavedState } from './saved-state.ts'
import { useQuestionnaire } from './store.ts'
import { templates } from './templates.ts'

/**
 * A picker that acts on change (it opens a questionnaire in place of the one being built): an arrow key on it
 * closed does nothing, where it would open the next entry at once. Its list opens with Space or Alt+↓, or a click.
 */
function listOnArrows(event: KeyboardEvent<HTMLSelectElement>) {
  if (!['ArrowDown', 'ArrowUp', 'PageDown', 'PageUp', 'Home', 'End'].includes(event.key)) return
  event.preventDefault()
}

export function LibraryBar(props: { request: { path: string; body: unknown } | null }) {
  const client = useQueryClient()
  const { questionnaire, load } = useQuestionnaire()
  const [showRequest, setShowRequest] = useState(false)
  const [importProblem, setImportProblem] = useState<string | null>(null)
  const saved = useQuery({
    queryKey: queryKeys.questionnaires(),
    queryFn: () => invoke('questionnaires.list', {}),
  })
  const kept = useSavedState(questionnaire, saved.data)
  const profiles = useProfiles()
  const save = useMutation({
    mutationFn: async (body: Questionnaire) => ({ body, ...(await invoke('questionnaires.save', body)) }),
    onSuccess: ({ body, version }) => {
      keepSaved(client, body, version, saved.data)
      return client.invalidateQueries({ queryKey: queryKeys.questionnaires() })
    },
  })
  useCommands({ 'decisions.save': { run: () => save.mutate(questionnaire) } })
  const open = useMutation({
    mutationFn: async (id: string) => {
      const version = saved.data?.find((one) => one.id === id)?.latestVersion
      return { version, loaded: await invoke('questionnaires.get', { id, version }) }
    },
    onSuccess: ({ version, loaded }) => {
      if (version !== undefined) client.setQueryData(savedVersion(loaded.id, version), loaded)
      load(loaded as Questionnaire)
    },
  })
  const active = profiles.data?.find((profile) => profile.active)
  const key = active?.kind === 'live' ? (active.secrets?.apiKey.mask ?? '<API_KEY>') : '<sandbox key>'
  // Written only while the request is shown: it holds the whole questionnaire.
  const curl =
    props.request && showRequest
      ? `curl ${active?.baseUrl ?? 'http://127.0.0.1:PORT'}${props.request.path} \\\n  -H 'Authorization: Bearer ${key}' \\\n  -H 'Content-Type: application/json' \\\n  -d '${JSON.stringify(props.request.body).replaceAll("'", "'\\''")}'`
      : ''

  return (
    <div className="library">
      <div className="form-actions">
        <button type="button" className="button" onClick={() => save.mutate(questionnaire)}>
          Save
        </button>
        <select
          aria-label="Open a saved questionnaire"
          value=""
          onKeyDown={listOnArrows}
          onChange={(event) => event.target.value && open.mutate(event.target.value)}
        >
          <option value="">Open…</option>
          {saved.data?.map((item) => (
            <option key={item.id} value={item.id}>
              {item.name} (v{item.latestVersion})
            </option>
          ))}
        </select>
        <select
          aria-label="Start from a template"
          value=""
          onKeyDown={listOnArrows}
          onChange={(event) => {
            const template = templates.find((item) => item.name === event.target.value)
            if (template) load(template.build())
          }}
        >
          <option value="">Templates…</option>
          {templates.map((template) => (
            <option key={template.name}>{template.name}</option>
          ))}
        </select>
        <label className="button">
          Import
          <input
            type="file"
            accept="application/json,.json,.gdq"
            className="visually-hidden"
            onChange={async (event) => {
              const file = event.target.files?.[0]
              if (!file) return
              event.target.value = ''
              try {
                load(await readQuestionnaireFile(file))
                setImportProblem(null)
              } catch (error) {
                setImportProblem((error as Error).message)
              }
            }}
          />
        </label>
        <a
          className="button"
          download={`${questionnaire.name || 'questionnaire'}.gdq`}
          href="data:application/json;charset=utf-8,"
          // The file is written when asked for, not on every keystroke: the link's address is set as it is
          // followed.
          onClick={(event) => {
            event.currentTarget.href = `data:application/json;charset=utf-8,${encodeURIComponent(JSON.stringify(questionnaire, null, 2))}`
          }}
        >
          Export
        </a>
        <button
          type="button"
          className="button"
          aria-expanded={showRequest}
          onClick={() => setShowRequest(!showRequest)}
          disabled={!props.request}
        >
          View request
        </button>
        <span className="muted" role="status">
          {kept}
        </span>
      </div>
      {importProblem ? (
        <p className="field-error" role="alert">
          {importProblem}
        </p>
      ) : null}
      <ErrorNote error={save.error ?? open.error} />
      {showRequest && props.request ? (
        <RequestView
          request={props.request}
          curl={curl}
          baseUrl={active?.baseUrl ?? 'http://127.0.0.1:PORT'}
          onClose={() => setShowRequest(false)}
        />
      ) : null}
    </div>
  )
}

/** The exact request, its curl and code: Escape closes it and gives the focus back to "View request". */
function RequestView(props: {
  request: { path: string; body: unknown }
  curl: string
  baseUrl: string
  onClose: () => void
}) {
  const panel = useRef<HTMLElement>(null)
  useDismiss(panel, props.onClose)
  return (
    <section ref={panel} className="library__request" aria-label="Request" tabIndex={-1}>
      <h3 className="field__label">Request body</h3>
      <pre className="code-block">{JSON.stringify(props.request.body, null, 2)}</pre>
      <h3 className="field__label">curl</h3>
      <pre className="code-block">{props.curl}</pre>
      <button
        type="button"
        className="button button--small"
        onClick={() => void navigator.clipboard.writeText(props.curl)}
      >
        Copy curl
      </button>
      <GetCode
        request={{ method: 'POST', url: `${props.baseUrl}${props.request.path}`, body: props.request.body }}
      />
    </section>
  )
}
