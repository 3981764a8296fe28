// "Get code": the request as a program to run, in TypeScript or Python, with the SDK that fits where there is
// one; the key comes from an environment variable, never from the app.
import { useMemo, useState } from 'react'
import { keyVariable, type Snippet } from '#shared/domain/code-literals'
import { type RequestForCode, snippetsFor } from '#shared/domain/code-snippets'
import { CodeBlock } from './CodeBlock.tsx'
import { Tabs } from './Tabs.tsx'

export function Snippets({
  snippets,
  label,
  hint,
}: {
  snippets: readonly Snippet[]
  label: string
  hint: string
}) {
  const [chosen, setChosen] = useState(0)
  const [copied, setCopied] = useState(false)
  const snippet = snippets[Math.min(chosen, snippets.length - 1)]
  if (!snippet) return null
  return (
    <details className="get-code">
      <summary>{label}</summary>
      <Tabs
        label={`${label}: language and library`}
        options={snippets.map((option, index) => ({
          value: index,
          label: `${option.language} · ${option.library}`,
        }))}
        value={snippets.indexOf(snippet)}
        onChange={(index) => {
          setChosen(index)
          setCopied(false)
        }}
      />
      <p className="muted">{hint}</p>
      <CodeBlock>{snippet.code}</CodeBlock>
      <button
        type="button"
        className="button button--small"
        onClick={() => void navigator.clipboard.writeText(snippet.code).then(() => setCopied(true))}
      >
        {copied ? 'Copied' : `Copy ${snippet.language}`}
      </button>
    </details>
  )
}

export function GetCode({ request }: { request: RequestForCode }) {
  const snippets = useMemo(() => snippetsFor(request), [request])
  return (
    <Snippets
      snippets={snippets}
      label="Get code"
      hint={`Set ${keyVariable} to your API key first; the code never holds it.`}
    />
  )
}
