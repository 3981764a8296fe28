// Decisions (document 1 §4.1): the unified path, its compatibility twin, and the native path.
import { DecisionRequest, NativeDecisionRequest } from '#shared/api/decisions'
import {
  checkNativeDecision,
  checkUnifiedDecision,
  type DecisionModelTraits,
  type DecisionQuestion,
  decisionContextTokens,
  decisionLimits,
  decisionMessages,
  decisionPaths,
  fromNative,
  fromUnified,
  isNativeDecisionBody,
} from '#shared/domain/decisions'
import type { SandboxModel } from '../catalog.ts'
import { parseJsonObject, parseWith, ServiceError } from '../http.ts'
import { judge } from '../judge.ts'
import type { Route, SandboxContext } from '../router.ts'

const invalid = 'invalid_request_error'

function traits(model: SandboxModel): DecisionModelTraits {
  return {
    id: model.id,
    dedicated: model.roles.includes('decision'),
    readsImages: model.inputModalities.includes('image'),
  }
}

function decisionModel(ctx: SandboxContext, id: string): SandboxModel {
  const model = ctx.catalog.find(id)
  if (!model) throw new ServiceError(404, 'model_not_found', decisionMessages.modelNotFound(id))
  if (!ctx.catalog.hasRole(model, 'decision', 'decision-vision')) {
    throw new ServiceError(400, 'endpoint_not_supported', decisionMessages.notDecisionModel(id))
  }
  return model
}

/** Output tokens the simulated model reports: a few per answer, more for longer option lists. */
function completionTokens(questions: DecisionQuestion[]): number {
  return questions.reduce((sum, q) => sum + 4 + q.choices.length + q.levels.length, 0)
}

export function decisionRoutes(ctx: SandboxContext): Route[] {
  const unified: Route['handle'] = async ({ body, req }) => {
    const raw = parseJsonObject(await body(), req.headers['content-type'], invalid)
    if (isNativeDecisionBody(raw)) throw new ServiceError(400, invalid, decisionMessages.nativeOnUnified)
    const request = parseWith(DecisionRequest, raw, invalid)
    const model = decisionModel(ctx, request.model)
    const problem = checkUnifiedDecision(request, traits(model))[0]
    if (problem) throw ServiceError.from(problem)
    const questions = fromUnified(request.questions)
    const answers = questions.map((question) => {
      const result = judge(question, request.input, model.id, model.judging)
      const named = question.name !== undefined ? { name: question.name } : {}
      if (result.kind === 'predicate') return { type: 'predicate', ...named, probability: result.probability }
      if (result.kind === 'choice') {
        return {
          type: 'choice',
          ...named,
          choice: question.choices[result.pick]?.value,
          probabilities: question.choices.map((choice, i) => ({
            value: choice.value,
            probability: result.probabilities[i],
          })),
          confidence: result.confidence,
        }
      }
      return {
        type: 'score',
        ...named,
        score: result.score,
        legend: Object.fromEntries(question.levels.map((level, i) => [String(i), legendText(level)])),
        probabilities: question.levels.map((level, i) => ({
          value: i,
          label: level.label,
          probability: result.probabilities[i],
        })),
        confidence: result.confidence,
      }
    })
    const prompt = decisionContextTokens(request.input, questions)
    const completion = completionTokens(questions)
    return {
      status: 200,
      json: {
        model: model.id,
        answers,
        usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion },
      },
    }
  }

  const native: Route['handle'] = async ({ body, req }) => {
    const raw = parseJsonObject(await body(), req.headers['content-type'], invalid)
    const request = parseWith(NativeDecisionRequest, raw, invalid)
    const model = decisionModel(ctx, request.model)
    const problem = checkNativeDecision(request, traits(model))[0]
    if (problem) throw ServiceError.from(problem)
    const questions = fromNative(request.questions)
    const answers = Object.fromEntries(
      questions.map((question) => {
        const result = judge(question, request.state, model.id, model.judging)
        if (result.kind === 'predicate') return [question.name, { noul: result.probability }]
        const keys =
          question.kind === 'choice'
            ? question.choices.map((c) => c.value)
            : question.levels.map((_, i) => String(i))
        const probabilities = Object.fromEntries(keys.map((key, i) => [key, result.probabilities[i]]))
        if (result.kind === 'choice') {
          return [question.name, { choice: keys[result.pick], confidence: result.confidence, probabilities }]
        }
        const legend = Object.fromEntries(
          question.levels.map((level, i) => [String(i), level.description ?? level.label]),
        )
        return [question.name, { score: result.score, confidence: result.confidence, legend, probabilities }]
      }),
    )
    return {
      status: 200,
      json: {
        model: model.id,
        answers,
        usage: {
          input_tokens: decisionContextTokens(request.state, questions),
          output_tokens: completionTokens(questions),
        },
      },
    }
  }

  const limits = { group: 'unified' as const, bodyLimit: decisionLimits.bodyBytes }
  return [
    { method: 'POST', pattern: exact(decisionPaths.unified), ...limits, handle: unified },
    { method: 'POST', pattern: exact(decisionPaths.compat), ...limits, handle: unified },
    { method: 'POST', pattern: exact(decisionPaths.native), ...limits, handle: native },
  ]
}

function legendText(level: { label: string; description?: string | undefined }): string {
  return level.description ? `${level.label}: ${level.description}` : level.label
}

export const exact = (path: string) => new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`)
