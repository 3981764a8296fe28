// Questionnaires to start from, for common jobs.
import type { QuestionDraft, Questionnaire } from '#shared/domain/questionnaire'
import { newId } from './store.ts'

const question = (
  fields: Partial<QuestionDraft> & Pick<QuestionDraft, 'kind' | 'name' | 'instructions'>,
): QuestionDraft => ({
  id: newId(),
  instructionsAsJson: false,
  criteriaTrue: '',
  criteriaFalse: '',
  choices: [],
  levels: [],
  ...fields,
})
const choices = (...items: [string, string][]) =>
  items.map(([value, description]) => ({ id: newId(), value, description }))
const levels = (...items: [string, string][]) =>
  items.map(([label, description]) => ({ id: newId(), label, description }))

export const templates: { name: string; build: () => Questionnaire }[] = [
  {
    name: 'Support ticket triage',
    build: () => ({
      id: newId(),
      name: 'Support ticket triage',
      questions: [
        question({
          kind: 'predicate',
          name: 'urgent',
          instructions: 'Does this ticket need action today?',
          criteriaTrue: 'outage, payment failure, angry customer, deadline',
          criteriaFalse: 'question, feedback, no time pressure',
        }),
        question({
          kind: 'choice',
          name: 'team',
          instructions: 'Which team should handle it?',
          choices: choices(
            ['billing', 'invoices, refunds, charges'],
            ['shipping', 'delivery, parcels, couriers'],
            ['account', 'login, password, profile'],
            ['other', 'anything else'],
          ),
        }),
        question({
          kind: 'score',
          name: 'sentiment',
          instructions: 'How does the customer feel?',
          levels: levels(
            ['angry', 'hostile or furious'],
            ['unhappy', 'disappointed'],
            ['neutral', 'matter of fact'],
            ['happy', 'pleased or thankful'],
          ),
        }),
      ],
    }),
  },
  {
    name: 'Content moderation',
    build: () => ({
      id: newId(),
      name: 'Content moderation',
      questions: [
        question({
          kind: 'predicate',
          name: 'harmful',
          instructions: 'Is the content harmful to others?',
          criteriaTrue: 'harassment, threats, hate',
          criteriaFalse: 'disagreement, criticism, jokes',
        }),
        question({
          kind: 'choice',
          name: 'category',
          instructions: 'What kind of content is it?',
          choices: choices(
            ['spam', 'ads, repeated links'],
            ['abuse', 'insults, threats'],
            ['fine', 'ordinary content'],
          ),
        }),
      ],
    }),
  },
  {
    name: 'Lead qualification',
    build: () => ({
      id: newId(),
      name: 'Lead qualification',
      questions: [
        question({
          kind: 'score',
          name: 'fit',
          instructions: 'How well does the `company` fit our product?',
          levels: levels(
            ['poor', 'wrong size or market'],
            ['possible', 'some signals'],
            ['strong', 'clear need and budget'],
          ),
        }),
        question({ kind: 'predicate', name: 'budget', instructions: 'Does the `message` mention a budget?' }),
      ],
    }),
  },
]
