// Property: for generated questionnaires, the builder's verdict (valid, or the first broken rule) is the
// sandbox's verdict over HTTP — the same rules, written once in src/shared/domain.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { checkQuestions, fromUnified } from '#shared/domain/decisions'
import { type QuestionDraft, toUnifiedRequest } from '#shared/domain/questionnaire'
import { postJson, startSandboxForFile } from './testing/client.ts'

const { url } = startSandboxForFile()

const label = fc.constantFrom('low', 'mid', 'high', 'urgent', 'a b', 'ünïcode')
const question: fc.Arbitrary<QuestionDraft> = fc.record({
  id: fc.uuid(),
  kind: fc.constantFrom('predicate' as const, 'choice' as const, 'score' as const),
  name: fc.constantFrom('', 'alpha', 'beta', 'gamma'),
  instructions: fc.string({ maxLength: 40 }),
  instructionsAsJson: fc.constant(false),
  criteriaTrue: fc.constantFrom('', 'yes means this'),
  criteriaFalse: fc.constantFrom('', 'no means that'),
  choices: fc.array(
    fc.record({ id: fc.uuid(), value: label, description: fc.constantFrom('', 'described') }),
    { maxLength: 4 },
  ),
  levels: fc.array(fc.record({ id: fc.uuid(), label, description: fc.constantFrom('', 'described') }), {
    maxLength: 12,
  }),
})

describe('builder and sandbox agree', () => {
  it('on whether a questionnaire is valid, and on the message when it is not', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(question, { maxLength: 5 }), async (questions) => {
        const body = toUnifiedRequest(
          { id: 'q', name: 'generated', questions },
          'a short text to judge',
          'sysone/judge-1',
        )
        const builder = checkQuestions(fromUnified(body.questions))[0]
        const reply = await postJson<{ error?: { message: string } }>(url('/v1/decisions'), body)
        if (builder) {
          expect(reply.status).toBe(builder.status)
          expect(reply.body.error?.message).toBe(builder.message)
        } else {
          expect(reply.status).toBe(200)
        }
      }),
      { numRuns: 150 },
    )
  })
})
