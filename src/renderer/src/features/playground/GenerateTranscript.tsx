// A generateContent conversation turn by turn: the model's thoughts in a block kept with the turn (open or
// closed as the person prefers), the answer with its inline images (kept in the gallery), finishReason, usage
// by modality, cached tokens with what they cost and would have cost, and the wire.
import type { GenerateContentResponse, Part } from '#shared/api/generative'
import { generateTurnCost, type TurnPrices } from '#shared/domain/playground'
import { formatUsd } from '../../format.ts'
import type { GenerateTurn } from './conversation.ts'
import { WireView } from './WireView.tsx'

export function GenerateTranscript(props: {
  turns: readonly GenerateTurn[]
  prices: TurnPrices | null
  thoughtsOpen: boolean
  onThoughtsToggle: (open: boolean) => void
}) {
  return (
    <ol className="transcript" aria-label="Conversation">
      {props.turns.map((turn, index) =>
        turn.role === 'user' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: turns are append-only
          <li key={index} className="turn turn--user" aria-label="You">
            <Parts parts={turn.parts} />
          </li>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: turns are append-only
          <li key={index} className="turn turn--model" aria-label="Model">
            <Answer
              response={turn.response}
              thoughtsOpen={props.thoughtsOpen}
              onThoughtsToggle={props.onThoughtsToggle}
            />
            {turn.images.length ? (
              <p className="muted">
                {turn.images.length === 1 ? 'The image is' : `The ${turn.images.length} images are`} kept in
                the gallery.
              </p>
            ) : null}
            <Usage response={turn.response} prices={props.prices} ms={turn.ms} />
            <WireView wire={turn.wire} events={turn.events} />
          </li>
        ),
      )}
    </ol>
  )
}

export function Answer(props: {
  response: GenerateContentResponse
  thoughtsOpen: boolean
  onThoughtsToggle: (open: boolean) => void
}) {
  const parts = props.response.candidates[0]?.content.parts ?? []
  const thoughts = parts.filter((part) => part.thought && part.text)
  return (
    <>
      {thoughts.length ? (
        <details
          className="thoughts"
          open={props.thoughtsOpen}
          onToggle={(event) => {
            if (event.currentTarget.open !== props.thoughtsOpen)
              props.onThoughtsToggle(event.currentTarget.open)
          }}
        >
          <summary>Thoughts ({thoughts.length})</summary>
          {thoughts.map((part, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: parts keep their order
            <p key={index}>{part.text}</p>
          ))}
        </details>
      ) : null}
      <Parts parts={parts.filter((part) => !part.thought)} />
    </>
  )
}

function Parts({ parts }: { parts: readonly Part[] }) {
  return (
    <>
      {parts.map((part, index) => {
        const data = part.inlineData ?? part.inline_data
        if (part.text !== undefined)
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: parts keep their order
            <p key={index} className="turn__text">
              {part.text}
            </p>
          )
        if (!data) return null
        const type = data.mimeType ?? data.mime_type ?? 'application/octet-stream'
        return type.startsWith('image/') ? (
          <img
            // biome-ignore lint/suspicious/noArrayIndexKey: parts keep their order
            key={index}
            className="turn__image"
            src={`data:${type};base64,${data.data}`}
            alt="Inline part"
          />
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts keep their order
          <p key={index} className="muted">
            {type} attached ({Math.round((data.data.length * 3) / 4 / 1024)} KiB)
          </p>
        )
      })}
    </>
  )
}

function Usage(props: { response: GenerateContentResponse; prices: TurnPrices | null; ms: number }) {
  const usage = props.response.usageMetadata
  const cost = usage && props.prices ? generateTurnCost(props.prices, usage) : null
  return (
    <div className="turn__meta">
      <p>
        finishReason <strong>{props.response.candidates[0]?.finishReason ?? '—'}</strong>
        {usage
          ? ` · prompt ${usage.promptTokenCount} · answer ${usage.candidatesTokenCount ?? 0}${
              usage.thoughtsTokenCount ? ` · thoughts ${usage.thoughtsTokenCount}` : ''
            } · total ${usage.totalTokenCount} tokens`
          : ''}
        {cost ? ` · ${formatUsd(cost.total)}` : ''} · {Math.round(props.ms)} ms
      </p>
      {usage?.candidatesTokensDetails?.length ? (
        <p className="muted">
          By modality:{' '}
          {usage.candidatesTokensDetails
            .map((detail) => `${detail.modality} ${detail.tokenCount}`)
            .join(', ')}
        </p>
      ) : null}
      {cost && cost.cachedTokens > 0 ? (
        <p className="turn__cache" role="status">
          {cost.cachedTokens.toLocaleString('en-US')} cached tokens cost {formatUsd(cost.cachedCost)} at the
          cache-read rate; without the cache they would have cost {formatUsd(cost.withoutCache)}.
        </p>
      ) : null}
    </div>
  )
}
