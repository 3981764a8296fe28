// The token estimate the app and the sandbox share: about four characters of the JSON-serialized content
// per token, rounded up. Real tokenizers differ by model; this errs on the side of counting more.
export const charactersPerToken = 4

export function estimateTokens(content: unknown): number {
  const text = typeof content === 'string' ? content : (JSON.stringify(content) ?? '')
  return Math.ceil(text.length / charactersPerToken)
}
