// A messages conversation turn by turn: text, images, tool_use cards where the person types the tool_result,
// and under each answer its stop reason, usage, cost and what went over the wire.
import { useState } from 'react'
import type { ContentBlock } from '#shared/api/messages'
import { messagesTurnCost, type TurnPrices } from '#shared/domain/playground'
import { formatUsd } from '../../format.ts'
import type { MessagesTurn } from './conversation.ts'
import { WireView } from './WireView.tsx'

export function MessagesTranscript(props: {
  turns: readonly MessagesTurn[]
  prices: TurnPrices | null
  /** The tool_use ids that already have a result. */
  answered: ReadonlySet<string>
  busy: boolean
  onToolResult: (toolUseId: string, result: string) => void
}) {
  return (
    <ol className="transcript" aria-label="Conversation">
      {props.turns.map((turn, index) =>
        turn.role === 'user' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: turns are append-only
          <li key={index} className="turn turn--user" aria-label="You">
            <Blocks blocks={turn.content} />
          </li>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: turns are append-only
          <li key={index} className="turn turn--model" aria-label="Assistant">
            {turn.response.content.map((block, blockIndex) =>
              block.type === 'tool_use' ? (
                <ToolUseCard
                  // biome-ignore lint/suspicious/noArrayIndexKey: blocks of one answer keep their order
                  key={blockIndex}
                  block={block}
                  answered={props.answered.has(block.id)}
                  busy={props.busy}
                  onResult={(result) => props.onToolResult(block.id, result)}
                />
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: blocks of one answer keep their order
                <Blocks key={blockIndex} blocks={[block]} />
              ),
            )}
            <p className="turn__meta">
              stop_reason <strong>{turn.response.stop_reason ?? '—'}</strong> ·{' '}
              {turn.response.usage.input_tokens} input / {turn.response.usage.output_tokens} output tokens
              {props.prices ? ` · ${formatUsd(messagesTurnCost(props.prices, turn.response.usage))}` : ''} ·{' '}
              {Math.round(turn.ms)} ms
            </p>
            <WireView wire={turn.wire} events={turn.events} />
          </li>
        ),
      )}
    </ol>
  )
}

function Blocks({ blocks }: { blocks: readonly ContentBlock[] }) {
  return (
    <>
      {blocks.map((block, index) =>
        block.type === 'text' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: blocks keep their order
          <p key={index} className="turn__text">
            {block.text}
          </p>
        ) : block.type === 'image' ? (
          <img
            // biome-ignore lint/suspicious/noArrayIndexKey: blocks keep their order
            key={index}
            className="turn__image"
            src={`data:${block.source.media_type};base64,${block.source.data}`}
            alt="Sent in this turn"
          />
        ) : block.type === 'tool_result' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: blocks keep their order
          <p key={index} className="turn__tool-result">
            <span className="badge">tool_result</span> {block.content}
          </p>
        ) : null,
      )}
    </>
  )
}

function ToolUseCard(props: {
  block: Extract<ContentBlock, { type: 'tool_use' }>
  answered: boolean
  busy: boolean
  onResult: (result: string) => void
}) {
  const [result, setResult] = useState('')
  return (
    <article className="tool-card inset" aria-label={`Tool call ${props.block.name}`}>
      <header>
        <span className="badge">tool_use</span> <strong>{props.block.name}</strong>{' '}
        <span className="muted">{props.block.id}</span>
      </header>
      <pre className="code-block">{JSON.stringify(props.block.input, null, 2)}</pre>
      {props.answered ? (
        <p className="muted">Answered below.</p>
      ) : (
        <form
          className="tool-card__result"
          onSubmit={(event) => {
            event.preventDefault()
            if (result.trim()) props.onResult(result)
          }}
        >
          <label className="field">
            <span className="field__label">tool_result for {props.block.name}</span>
            <textarea rows={2} value={result} onChange={(event) => setResult(event.target.value)} />
          </label>
          <button type="submit" className="button button--primary" disabled={props.busy || !result.trim()}>
            Send result and continue
          </button>
        </form>
      )}
    </article>
  )
}
