// A questionnaire as it crosses into main, is kept and is read from a file: the builder's shape with the limits
// of every field (`questionnaireLimits`) and of the request it becomes (`decisionLimits`).
import { z } from 'zod'
import { decisionLimits } from './decisions.ts'
import { charactersIn, questionnaireLimits } from './questionnaire.ts'

const limits = questionnaireLimits
const upTo = (max: number) => z.string().max(max, `At most ${max.toLocaleString('en-US')} characters.`)

export const QuestionnaireBody = z
  .object({
    id: z.string().min(1).max(100),
    name: upTo(limits.name),
    questions: z
      .array(
        z.object({
          id: z.string().max(100),
          kind: z.enum(['predicate', 'choice', 'score']),
          name: upTo(limits.name),
          instructions: upTo(limits.instructions),
          instructionsAsJson: z.boolean(),
          criteriaTrue: upTo(limits.criteria),
          criteriaFalse: upTo(limits.criteria),
          choices: z
            .array(
              z.object({
                id: z.string().max(100),
                value: upTo(limits.choiceValue),
                description: upTo(limits.description),
              }),
            )
            .max(decisionLimits.choices, `At most ${decisionLimits.choices} choices.`),
          levels: z
            .array(
              z.object({
                id: z.string().max(100),
                label: upTo(limits.choiceValue),
                description: upTo(limits.description),
              }),
            )
            .max(decisionLimits.maxLevels, `At most ${decisionLimits.maxLevels} levels.`),
          threshold: z.number().min(0).max(1).optional(),
        }),
      )
      .max(limits.questions, `At most ${limits.questions} questions.`),
  })
  .refine((questionnaire) => charactersIn(questionnaire) <= limits.whole, {
    message: `A questionnaire holds at most ${limits.whole.toLocaleString('en-US')} characters in all.`,
    path: ['questions'],
  })
