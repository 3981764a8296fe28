// The content to evaluate: text, a JSON object, or messages (each with a role, text and images), with a token
// estimate against the model's context.

import { useState } from 'react'
import { toUnifiedRequest } from '#shared/domain/questionnaire'
import { estimateTokens } from '#shared/domain/tokens'
import { MediaDrop, MediaThumb, pastedMedia } from '../../components/MediaInputs.tsx'
import { formatTokenCount, tokensPhrase } from '../../format.ts'
import { blankMessage, type InputMode, type MessageRole, useRunInput } from './run-input.ts'
import { useCurrentRequest } from './run-settings.ts'

const modeLabels: Record<InputMode, string> = {
  text: 'Text',
  json: 'JSON object',
  messages: 'Messages with images',
}

export function InputEditor() {
  const { mode, text, messages, setMode, setText, setMessages } = useRunInput()
  const [pasteProblem, setPasteProblem] = useState<string | null>(null)
  const { questionnaire, model, parsed } = useCurrentRequest()
  const tokens =
    estimateTokens(parsed.ok ? parsed.input : text) +
    estimateTokens(toUnifiedRequest(questionnaire, '', '').questions)
  const overContext = model?.contextLength ? tokens > model.contextLength : false
  const update = (id: string, change: Partial<(typeof messages)[number]>) =>
    setMessages((list) => list.map((message) => (message.id === id ? { ...message, ...change } : message)))

  return (
    <div className="input-editor">
      <div className="segmented" role="radiogroup" aria-label="Input kind">
        {(['text', 'json', 'messages'] as const).map((option) => (
          <label key={option} className="segmented__option">
            <input
              type="radio"
              name="input-mode"
              checked={mode === option}
              onChange={() => setMode(option)}
            />
            {modeLabels[option]}
          </label>
        ))}
      </div>
      {mode === 'messages' ? (
        <ol className="message-list" aria-label="Messages">
          {messages.map((message, index) => (
            <li key={message.id} className="message-draft inset">
              <div className="message-draft__head">
                <select
                  aria-label={`Role of message ${index + 1}`}
                  value={message.role}
                  onChange={(event) => update(message.id, { role: event.target.value as MessageRole })}
                >
                  <option value="user">User</option>
                  <option value="assistant">Assistant</option>
                  <option value="system">System</option>
                </select>
                <button
                  type="button"
                  className="button button--quiet"
                  disabled={messages.length === 1}
                  onClick={() => setMessages((list) => list.filter((other) => other.id !== message.id))}
                >
                  Remove
                </button>
              </div>
              <textarea
                rows={3}
                aria-label={`Text of message ${index + 1}`}
                value={message.text}
                onChange={(event) => update(message.id, { text: event.target.value })}
                onPaste={(event) =>
                  pastedMedia(
                    event,
                    ['image'],
                    (added) =>
                      setMessages((list) =>
                        list.map((other) =>
                          other.id === message.id ? { ...other, images: [...other.images, added] } : other,
                        ),
                      ),
                    setPasteProblem,
                  )
                }
              />
              <div className="references__slots">
                {message.images.map((image) => (
                  <MediaThumb
                    key={image.id}
                    input={image}
                    onRemove={() =>
                      update(message.id, { images: message.images.filter((other) => other.id !== image.id) })
                    }
                  />
                ))}
                <MediaDrop
                  label="Add an image"
                  allowed={['image']}
                  onAdd={(added) =>
                    setMessages((list) =>
                      list.map((other) =>
                        other.id === message.id ? { ...other, images: [...other.images, added] } : other,
                      ),
                    )
                  }
                />
              </div>
            </li>
          ))}
          <li>
            <button
              type="button"
              className="button"
              onClick={() =>
                setMessages((list) => [
                  ...list,
                  blankMessage(list.at(-1)?.role === 'user' ? 'assistant' : 'user'),
                ])
              }
            >
              Add message
            </button>
          </li>
        </ol>
      ) : (
        <label className="field">
          <span className="field__label">Content to evaluate</span>
          <textarea
            rows={6}
            className={mode === 'json' ? 'code-input' : undefined}
            placeholder={mode === 'json' ? '{ "subject": "…", "body": "…" }' : undefined}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </label>
      )}
      {pasteProblem ? <span className="field-error">{pasteProblem}</span> : null}
      {!parsed.ok && (text || mode === 'messages') ? (
        <span className="field-error">{parsed.message}</span>
      ) : null}
      <span className={overContext ? 'field-error' : 'muted'}>
        {mode !== 'messages' && text.trim() === ''
          ? `Nothing to evaluate yet${model?.contextLength ? ` · the model reads up to ${formatTokenCount(model.contextLength)} tokens` : ''}`
          : `About ${tokensPhrase(tokens)}${model?.contextLength ? ` of ${formatTokenCount(model.contextLength)}` : ''}`}
        {overContext ? ' — more than this model reads; shorten the input or choose another model.' : ''}
      </span>
    </div>
  )
}
