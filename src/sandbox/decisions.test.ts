// Contract tests of document 1 §4.1, §7 and §8 (decisions), over real HTTP.
import { describe, expect, it } from 'vitest'
import { DecisionResponse, NativeDecisionResponse } from '#shared/api/decisions'
import { decisionMessages } from '#shared/domain/decisions'
import { bearer, call, postJson, startSandboxForFile } from './testing/client.ts'

const { url } = startSandboxForFile()

const questions = [
  {
    type: 'predicate',
    name: 'angry',
    instructions: 'Is the customer upset?',
    criteria: { true: 'customer angry upset furious', false: 'customer happy calm pleased' },
  },
  {
    type: 'choice',
    name: 'topic',
    instructions: 'What is it about?',
    choices: [
      { value: 'billing', description: 'invoice refund payment charge' },
      { value: 'shipping', description: 'delivery package courier' },
      { value: 'other' },
    ],
  },
  {
    type: 'score',
    name: 'urgency',
    instructions: 'How urgent is it?',
    levels: [
      { label: 'low', description: 'no rush, whenever' },
      { label: 'medium' },
      { label: 'high', description: 'overdue angry immediately' },
    ],
  },
]
const angryBilling = 'The invoice is overdue, I was charged twice and I am furious. Refund me immediately.'
const happyShipping = 'Thanks, the package arrived early and the courier was pleasant. I am pleased and calm.'

const decide = (body: unknown, path = '/v1/decisions') => postJson<Record<string, unknown>>(url(path), body)
const errorOf = (reply: { body: unknown }) =>
  (reply.body as { error: { message: string; type: string; code: string | null } }).error

describe('§4.1 unified answers', () => {
  it('answers every question in request order, names echoed, well-formed', async () => {
    const reply = await decide({ model: 'sysone/judge-1', input: angryBilling, questions })
    expect(reply.status).toBe(200)
    const body = DecisionResponse.parse(reply.body)
    expect(body.answers.map((a) => [a.type, a.name])).toEqual([
      ['predicate', 'angry'],
      ['choice', 'topic'],
      ['score', 'urgency'],
    ])
    const [predicate, choice, score] = body.answers
    if (predicate?.type !== 'predicate' || choice?.type !== 'choice' || score?.type !== 'score')
      throw new Error('types')
    expect(predicate.probability).toBeGreaterThanOrEqual(0)
    expect(predicate.probability).toBeLessThanOrEqual(1)
    const sum = (list: { probability: number }[]) => list.reduce((s, p) => s + p.probability, 0)
    expect(sum(choice.probabilities)).toBeCloseTo(1, 12)
    expect(sum(score.probabilities)).toBeCloseTo(1, 12)
    const best = choice.probabilities.reduce((a, b) => (b.probability > a.probability ? b : a))
    expect(choice.choice).toBe(best.value)
    expect(choice.probabilities.map((p) => p.value)).toEqual(['billing', 'shipping', 'other'])
    expect(score.score).toBeCloseTo(
      score.probabilities.reduce((s, p) => s + p.value * p.probability, 0),
      12,
    )
    expect(score.legend).toEqual({
      '0': 'low: no rush, whenever',
      '1': 'medium',
      '2': 'high: overdue angry immediately',
    })
    expect(score.probabilities.map((p) => [p.value, p.label])).toEqual([
      [0, 'low'],
      [1, 'medium'],
      [2, 'high'],
    ])
    expect(body.usage.total_tokens).toBe(body.usage.prompt_tokens + body.usage.completion_tokens)
    expect(body.usage.completion_tokens).toBeGreaterThan(0)
  })

  it('is deterministic for the same request and follows the content', async () => {
    const first = await decide({ model: 'sysone/judge-1', input: angryBilling, questions })
    const again = await decide({ model: 'sysone/judge-1', input: angryBilling, questions })
    expect(again.body).toEqual(first.body)
    const other = DecisionResponse.parse(
      (await decide({ model: 'sysone/judge-1', input: happyShipping, questions })).body,
    )
    const angry = DecisionResponse.parse(first.body)
    const p = (body: typeof angry, i: number) => body.answers[i]
    expect((p(angry, 0) as { probability: number }).probability).toBeGreaterThan(0.7)
    expect((p(other, 0) as { probability: number }).probability).toBeLessThan(0.3)
    expect((p(angry, 1) as { choice: string }).choice).toBe('billing')
    expect((p(other, 1) as { choice: string }).choice).toBe('shipping')
    expect((p(angry, 2) as { score: number }).score).toBeGreaterThan((p(other, 2) as { score: number }).score)
  })

  it('has each decision model err its own way: the sharper one surer of its answers, on the whole', async () => {
    const inputs = Array.from({ length: 30 }, (_, n) =>
      n % 2 ? `${angryBilling} (${n})` : `${happyShipping} (${n})`,
    )
    const sureness = async (model: string) => {
      let sum = 0
      for (const input of inputs) {
        const { answers } = DecisionResponse.parse((await decide({ model, input, questions })).body)
        sum += Math.abs((answers[0] as { probability: number }).probability - 0.5)
      }
      return sum / inputs.length
    }
    expect(await sureness('aurora/sight-decide')).toBeGreaterThan((await sureness('sysone/judge-1')) + 0.03)
  })

  it('gives low confidence when the options are equally likely, higher when one stands out', async () => {
    const tie = await decide({
      model: 'sysone/judge-1',
      input: 'nothing relevant here',
      questions: [{ type: 'choice', instructions: 'pick', choices: [{ value: 'alpha' }, { value: 'beta' }] }],
    })
    const clear = await decide({
      model: 'sysone/judge-1',
      input: 'alpha alpha alpha',
      questions: [{ type: 'choice', instructions: 'pick', choices: [{ value: 'alpha' }, { value: 'beta' }] }],
    })
    const confidence = (reply: typeof tie) =>
      (DecisionResponse.parse(reply.body).answers[0] as { confidence: number }).confidence
    expect(confidence(tie)).toBeLessThan(0.1)
    expect(confidence(clear)).toBeGreaterThan(confidence(tie) + 0.3)
  })

  it('reads JSON input fields named in backticks, and serves the compatibility path alike', async () => {
    const body = {
      model: 'sysone/judge-1',
      input: { note: 'courier package delivery late', other: 'invoice refund payment' },
      questions: [{ type: 'choice', instructions: 'What is `note` about?', choices: questions[1]!.choices }],
    }
    const unified = await decide(body)
    const compat = await decide(body, '/compat-a/v1/decisions')
    expect((DecisionResponse.parse(unified.body).answers[0] as { choice: string }).choice).toBe('shipping')
    expect(compat.body).toEqual(unified.body)
  })

  it('lets the vision model read input_image parts', async () => {
    const reply = await decide({
      model: 'aurora/sight-decide',
      input: [
        {
          role: 'user',
          content: [
            { type: 'input_text', text: 'a red car' },
            { type: 'input_image', image_url: 'https://example.com/car.png' },
          ],
        },
      ],
      questions: [{ type: 'predicate', instructions: 'Is there a car?' }],
    })
    expect(reply.status).toBe(200)
    expect(DecisionResponse.parse(reply.body).model).toBe('aurora/sight-decide')
  })
})

describe('§2.4 native format', () => {
  it('answers keyed by question id in native shapes, and accepts the short alias', async () => {
    const reply = await decide(
      {
        model: 'judge-1',
        state: { review: 'great product, fast delivery, very happy' },
        questions: {
          positive: {
            type: 'noul',
            instructions: 'Is the `review` happy?',
            criteria: { true: 'happy great', false: 'bad angry' },
          },
          area: {
            type: 'choice',
            instructions: 'Area',
            criteria: { product: 'product quality', delivery: 'delivery speed' },
          },
          stars: { type: 'score', instructions: 'Rating', criteria: ['terrible', 'fine', 'great happy'] },
        },
      },
      '/decision-native/v1/systemone',
    )
    expect(reply.status).toBe(200)
    const body = NativeDecisionResponse.parse(reply.body)
    expect(Object.keys(body.answers)).toEqual(['positive', 'area', 'stars'])
    expect((body.answers.positive as { noul: number }).noul).toBeGreaterThan(0.5)
    const area = body.answers.area as { choice: string; probabilities: Record<string, number> }
    expect(Object.keys(area.probabilities)).toEqual(['product', 'delivery'])
    const stars = body.answers.stars as {
      legend: Record<string, string>
      probabilities: Record<string, number>
      score: number
    }
    expect(stars.legend).toEqual({ '0': 'terrible', '1': 'fine', '2': 'great happy' })
    expect(Object.values(stars.probabilities).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12)
    expect(body.usage.input_tokens).toBeGreaterThan(0)
    expect(body.usage.output_tokens).toBeGreaterThan(0)
  })
})

describe('§7 errors', () => {
  const model = 'sysone/judge-1'
  it.each([
    [
      'choice without choices',
      { model, input: 'x', questions: [{ type: 'choice', name: 'kind', instructions: 'k' }] },
      400,
      'invalid_request_error',
      null,
      decisionMessages.choiceWithoutChoices('kind'),
    ],
    [
      'choice with choices: null',
      { model, input: 'x', questions: [{ type: 'choice', name: 'kind', instructions: 'k', choices: null }] },
      400,
      'invalid_request_error',
      null,
      decisionMessages.choiceWithoutChoices('kind'),
    ],
    [
      'duplicate name',
      {
        model,
        input: 'x',
        questions: [
          { type: 'predicate', name: 'a', instructions: 'a' },
          { type: 'predicate', name: 'a', instructions: 'b' },
        ],
      },
      400,
      'invalid_request_error',
      null,
      'question name "a" is used more than once',
    ],
    [
      'more than 10 levels',
      {
        model,
        input: 'x',
        questions: [
          {
            type: 'score',
            instructions: 's',
            levels: Array.from({ length: 11 }, (_, i) => ({ label: `l${i}` })),
          },
        ],
      },
      400,
      'invalid_request_error',
      null,
      'Too many score levels. Must have at most 10 levels.',
    ],
    [
      'input_image to the dedicated model',
      {
        model,
        input: [{ role: 'user', content: [{ type: 'input_image', image_url: 'https://x/y.png' }] }],
        questions: [{ type: 'predicate', instructions: 'p' }],
      },
      400,
      'invalid_request_error',
      null,
      decisionMessages.imageForDedicated(model),
    ],
    [
      'native body on the unified path',
      { model, state: 'x', questions: { q: { type: 'noul', instructions: 'p' } } },
      400,
      'invalid_request_error',
      null,
      'Invalid request payload',
    ],
    [
      'a chat model',
      { model: 'aurora/flash-2', input: 'x', questions: [{ type: 'predicate', instructions: 'p' }] },
      400,
      'invalid_request_error',
      'endpoint_not_supported',
      "Model 'aurora/flash-2' does not support the /v1/decisions endpoint on this platform.",
    ],
    [
      'an unknown model',
      { model: 'nobody/nothing', input: 'x', questions: [{ type: 'predicate', instructions: 'p' }] },
      404,
      'invalid_request_error',
      'model_not_found',
      "Model 'nobody/nothing' not found",
    ],
  ])('%s', async (_name, body, status, type, code, message) => {
    const reply = await decide(body)
    expect(reply.status).toBe(status)
    expect(errorOf(reply)).toMatchObject({ type, code, message })
  })

  it('refuses a context over 64K tokens for the dedicated model only', async () => {
    const input = 'word '.repeat(4 * 66_000)
    const dedicated = await decide({ model, input, questions: [{ type: 'predicate', instructions: 'p' }] })
    expect(dedicated.status).toBe(400)
    expect(errorOf(dedicated).message).toMatch(/65536-token context/)
    const vision = await decide({
      model: 'aurora/sight-decide',
      input,
      questions: [{ type: 'predicate', instructions: 'p' }],
    })
    expect(vision.status).toBe(200)
  })

  it('answers a native choice without criteria in the document’s words', async () => {
    const reply = await decide(
      { model: 'judge-1', state: 'x', questions: { kind: { type: 'choice', instructions: 'k' } } },
      '/decision-native/v1/systemone',
    )
    expect(reply.status).toBe(400)
    expect(errorOf(reply)).toMatchObject({
      type: 'invalid_request_error',
      message: decisionMessages.choiceWithoutChoices('kind'),
    })
  })

  it('answers /v1/systemone with 404 Unsupported API endpoint.', async () => {
    const reply = await decide({ model: 'judge-1', state: 'x', questions: {} }, '/v1/systemone')
    expect(reply.status).toBe(404)
    expect(errorOf(reply)).toMatchObject({
      type: 'invalid_request_error',
      message: 'Unsupported API endpoint.',
    })
  })
})

describe('§8 limits', () => {
  const nest = (depth: number): unknown => (depth === 0 ? 'leaf' : { inner: nest(depth - 1) })

  it('accepts 64 levels of nesting and refuses 65, for input, instructions and criteria', async () => {
    const ok = await decide({
      model: 'sysone/judge-1',
      input: nest(64),
      questions: [{ type: 'predicate', instructions: 'p' }],
    })
    expect(ok.status).toBe(200)
    for (const [field, body] of [
      ['input', { input: nest(65), questions: [{ type: 'predicate', instructions: 'p' }] }],
      ['instructions', { input: 'x', questions: [{ type: 'predicate', instructions: nest(65) }] }],
      [
        'criteria',
        {
          input: 'x',
          questions: [
            {
              type: 'choice',
              instructions: 'c',
              choices: [{ value: 'a', description: 'd', extra: nest(64) }],
            },
          ],
        },
      ],
    ] as const) {
      const reply = await decide({ model: 'sysone/judge-1', ...body })
      expect(reply.status, field).toBe(400)
      expect(errorOf(reply).message).toBe(decisionMessages.tooDeep(field))
    }
  })

  it('accepts 255 choices and refuses 256', async () => {
    const choices = (n: number) => Array.from({ length: n }, (_, i) => ({ value: `option ${i}` }))
    expect(
      (
        await decide({
          model: 'sysone/judge-1',
          input: 'x',
          questions: [{ type: 'choice', instructions: 'c', choices: choices(255) }],
        })
      ).status,
    ).toBe(200)
    const over = await decide({
      model: 'sysone/judge-1',
      input: 'x',
      questions: [{ type: 'choice', instructions: 'c', choices: choices(256) }],
    })
    expect(over.status).toBe(400)
  })

  it('refuses a body over 32 MiB with 413, and still answers afterwards', async () => {
    const reply = await call(url('/v1/decisions'), {
      method: 'POST',
      headers: bearer(),
      body: JSON.stringify({
        model: 'aurora/sight-decide',
        input: 'x'.repeat(32 * 1024 * 1024),
        questions: [],
      }),
    })
    expect(reply.status).toBe(413)
    expect(errorOf(reply).message).toMatch(/32 MiB/)
    expect(
      (
        await decide({
          model: 'sysone/judge-1',
          input: 'x',
          questions: [{ type: 'predicate', instructions: 'p' }],
        })
      ).status,
    ).toBe(200)
  })
})
