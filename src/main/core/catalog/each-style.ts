// The three listing styles asked at once (the whole catalog, or one provider's models): what answered, kept
// as listed, and why the others did not, in a sentence.
import type { ListingStyle } from '#shared/domain/catalog'
import type { Gateway } from '../gateway/gateway.ts'
import type { CallOptions } from '../gateway/transport.ts'
import { type RawListings, recordOf } from './records.ts'

const styleNames: Record<ListingStyle, string> = {
  unified: 'unified',
  generative: 'generative-native',
  messages: 'message-native',
}

/** The three styles asked at once; what answered, and why the others did not. Fails only if none answered. */
export async function fromEachStyle<U, G, M>(
  unified: Promise<{ data: U }>,
  generative: Promise<{ data: G }>,
  messages: Promise<{ data: M }>,
) {
  const [u, g, m] = await Promise.allSettled([unified, generative, messages])
  const failures = (
    [
      ['unified', u],
      ['generative', g],
      ['messages', m],
    ] as const
  ).flatMap(([style, result]) =>
    result.status === 'rejected'
      ? [{ style, error: result.reason as unknown, message: String((result.reason as Error).message) }]
      : [],
  )
  if (failures.length === 3) throw failures[0]?.error
  return {
    unified: u.status === 'fulfilled' ? u.value.data : null,
    generative: g.status === 'fulfilled' ? g.value.data : null,
    messages: m.status === 'fulfilled' ? m.value.data : null,
    failures,
  }
}

/** Asks each style for the whole catalog, or for one `provider`'s models; fails only if none answered. */
export async function askEachStyle(
  listings: Gateway['listings'],
  call: CallOptions,
  provider?: string,
): Promise<{ raw: RawListings; problem: string | null }> {
  const { unified, generative, messages } = listings
  const got =
    provider === undefined
      ? await fromEachStyle(unified.all(call), generative.all(call), messages.all(call))
      : await fromEachStyle(
          unified.provider(provider, call),
          generative.provider(provider, call),
          messages.provider(provider, call),
        )
  const [failure] = got.failures
  return {
    raw: {
      ...(got.unified ? { unified: got.unified.data } : {}),
      ...(got.generative ? { generative: got.generative.models } : {}),
      ...(got.messages ? { messages: got.messages.data } : {}),
    },
    problem: failure
      ? `The ${got.failures.map(({ style }) => styleNames[style]).join(' and ')} listing did not answer: ${failure.message}`
      : null,
  }
}

/** One model in each style, fresh from the single-model routes, and its record; none when no style lists it. */
export async function modelInEachStyle(listings: Gateway['listings'], id: string, options: CallOptions) {
  const got = await fromEachStyle(
    listings.unified.model(id, options),
    listings.generative.model(id, options),
    listings.messages.model(id, options),
  )
  const raw = { unified: got.unified, generative: got.generative, messages: got.messages }
  return { model: recordOf(raw), raw }
}
