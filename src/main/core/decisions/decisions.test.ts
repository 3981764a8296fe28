// Decisions through the contract against the embedded sandbox: models, runs with their cost, questionnaires.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatAmount, multiply, parseAmount } from '#shared/domain/money'
import { startCore } from '../../testing/core.ts'

let env: Awaited<ReturnType<typeof startCore>>
beforeAll(async () => {
  env = await startCore()
})
afterAll(() => env.core.close())

const questions = [{ type: 'predicate' as const, name: 'refund', instructions: 'Asks for a refund?' }]

describe('decisions', () => {
  it('lists decision models only, with what they read', async () => {
    const { models, total, chosen } = await env.call('decisions.models', {})
    expect(models.map((m) => [m.id, m.dedicated, m.readsImages, m.alias])).toEqual([
      ['sysone/judge-1', true, false, 'judge-1'],
      ['aurora/sight-decide', false, true, null],
    ])
    expect({ total, chosen }).toEqual({ total: 2, chosen: null })
    // What is typed narrows the list; the chosen model is looked up wherever it is.
    const typed = await env.call('decisions.models', { text: 'sight', chosen: 'sysone/judge-1' })
    expect(typed.models.map((m) => m.id)).toEqual(['aurora/sight-decide'])
    expect(typed.total).toBe(1)
    expect(typed.chosen?.id).toBe('sysone/judge-1')
    expect((await env.call('decisions.models', { chosen: 'lumen/image-1' })).chosen).toBeNull()
  })

  it('runs the unified and native formats, and prices the dedicated model on input tokens only', async () => {
    const dedicated = await env.call('decisions.run', {
      requestId: 'run-1',
      questionnaire: { id: 'never-saved', name: 'Refunds', questions: [] },
      run: { endpoint: 'unified', body: { model: 'sysone/judge-1', input: 'please refund me', questions } },
    })
    const usage = dedicated.response.usage as { prompt_tokens: number; completion_tokens: number }
    expect(dedicated.billedTokens).toBe(usage.prompt_tokens)
    expect(dedicated.cost).toBe(formatAmount(multiply(parseAmount('0.0000002'), usage.prompt_tokens)))
    const vision = await env.call('decisions.run', {
      run: {
        endpoint: 'compat',
        body: { model: 'aurora/sight-decide', input: 'please refund me', questions },
      },
    })
    const visionUsage = vision.response.usage as { prompt_tokens: number; completion_tokens: number }
    expect(vision.billedTokens).toBe(visionUsage.prompt_tokens + visionUsage.completion_tokens)
    const native = await env.call('decisions.run', {
      run: {
        endpoint: 'native',
        body: {
          model: 'judge-1',
          state: 'please refund me',
          questions: { refund: { type: 'noul', instructions: 'Asks for a refund?' } },
        },
      },
    })
    expect(native.response.answers).toHaveProperty('refund')
    expect(native.cost).not.toBeNull()
    expect(env.core.history.decisionRuns.latest(10)).toHaveLength(3)
  })

  it('keeps runs with the questionnaire they were asked with, to re-open and delete', async () => {
    const runs = await env.call('decisions.runs', {})
    const first = runs.find((run) => run.questionnaireName === 'Refunds')
    expect(first).toMatchObject({ model: 'sysone/judge-1', input: 'please refund me' })
    const record = await env.call('decisions.runGet', { id: first?.id ?? '' })
    expect(record.questionnaire?.name).toBe('Refunds')
    expect(record.request).toMatchObject({ input: 'please refund me' })
    expect(await env.call('decisions.runDelete', { id: record.id })).toEqual({ deleted: true })
    await expect(env.call('decisions.runGet', { id: record.id })).rejects.toMatchObject({ code: 'not_found' })
  })

  it('refuses an image for the dedicated model before sending, with the document message', async () => {
    const error = await env
      .call('decisions.run', {
        run: {
          endpoint: 'unified',
          body: {
            model: 'sysone/judge-1',
            input: [{ role: 'user', content: [{ type: 'input_image', image_url: 'https://x/y.png' }] }],
            questions,
          },
        },
      })
      .catch((e) => e)
    expect(error).toMatchObject({
      code: 'invalid_request',
      path: ['input'],
      message: expect.stringContaining('cannot read'),
    })
  })

  it('keeps questionnaires with their versions', async () => {
    const questionnaire = { id: 'triage', name: 'Triage', questions: [] }
    expect(await env.call('questionnaires.save', questionnaire)).toEqual({ version: 1 })
    expect(await env.call('questionnaires.save', { ...questionnaire, name: 'Triage v2' })).toEqual({
      version: 2,
    })
    expect((await env.call('questionnaires.list', {})).map((q) => [q.id, q.name, q.latestVersion])).toEqual([
      ['triage', 'Triage v2', 2],
    ])
    expect((await env.call('questionnaires.get', { id: 'triage', version: 1 })).name).toBe('Triage')
    expect(await env.call('questionnaires.delete', { id: 'triage' })).toEqual({ deleted: true })
  })
})

describe('questionnaires past their limits', () => {
  const question = (instructions: string) => ({
    id: 'q',
    kind: 'predicate' as const,
    name: '',
    instructions,
    instructionsAsJson: false,
    criteriaTrue: '',
    criteriaFalse: '',
    choices: [],
    levels: [],
  })
  it('are refused at the field before anything is kept', async () => {
    const huge = 'x'.repeat(40 * 1024 * 1024)
    await expect(
      env.call('questionnaires.save', { id: 'huge', name: 'Huge', questions: [question(huge)] }),
    ).rejects.toMatchObject({
      code: 'validation_failed',
      path: ['questions', 0, 'instructions'],
      message: 'questions.0.instructions: At most 50,000 characters.',
    })
    const many = Array.from({ length: 100_000 }, () => question('Asks for a refund?'))
    await expect(
      env.call('questionnaires.save', { id: 'many', name: 'Many', questions: many }),
    ).rejects.toMatchObject({
      path: ['questions'],
      message: expect.stringContaining('At most 200 questions.'),
    })
    const long = Array.from({ length: 30 }, () => question('y'.repeat(40_000)))
    await expect(
      env.call('questionnaires.save', { id: 'long', name: 'Long', questions: long }),
    ).rejects.toMatchObject({
      path: ['questions'],
      message: expect.stringContaining('at most 1,000,000 characters in all'),
    })
    expect((await env.call('questionnaires.list', {})).map((q) => q.id)).not.toContain('huge')
  })
})
