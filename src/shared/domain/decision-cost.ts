// What a decision costs, from the catalog's per-token prices (exact decimals): the dedicated decision model
// bills input tokens only (document 1 §7). One rule for the run's cost, the batch estimate and the spend cap.
import { formatAmount, multiply, parseAmount } from './money.ts'
import { estimateTokens } from './tokens.ts'

export interface DecisionPrices {
  promptPrice: string
  completionPrice: string
  dedicated: boolean
}

/** Exact cost in 1e-18 USD units. */
export function decisionCostUnits(prices: DecisionPrices, usage: { input: number; output: number }): bigint {
  const input = multiply(parseAmount(prices.promptPrice), usage.input)
  return prices.dedicated ? input : input + multiply(parseAmount(prices.completionPrice), usage.output)
}

export function decisionCost(prices: DecisionPrices, usage: { input: number; output: number }) {
  return {
    cost: formatAmount(decisionCostUnits(prices, usage)),
    billedTokens: prices.dedicated ? usage.input : usage.input + usage.output,
  }
}

/** A few tokens per answer: the estimate before any run has been priced. */
const outputTokensPerQuestion = 8

/**
 * Estimated cost of one request from its size, before it is sent: its questions as a list (unified) or by id
 * (native).
 */
export function estimateDecisionUnits(
  prices: DecisionPrices,
  input: unknown,
  questions: readonly unknown[] | Record<string, unknown>,
): bigint {
  const asked = Array.isArray(questions) ? questions : Object.values(questions)
  return decisionCostUnits(prices, {
    input: estimateTokens(input) + estimateTokens(asked),
    output: asked.length * outputTokensPerQuestion,
  })
}
