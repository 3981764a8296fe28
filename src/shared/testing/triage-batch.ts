// A batch of a triage questionnaire for the tests of its answers and its scores: a yes or no (Urgent), a choice
// (Team: billing or shipping) and a score (Tone: calm, upset, furious), and a row of it answered as a test says.

import type { QuestionDraft, Questionnaire } from '../domain/questionnaire.ts'
import type { BatchItem } from '../ipc/routes/batches.ts'

const base = {
  instructions: 'x',
  instructionsAsJson: false,
  criteriaTrue: '',
  criteriaFalse: '',
  choices: [],
  levels: [],
}
export const urgent: QuestionDraft = { ...base, id: 'q1', kind: 'predicate', name: 'Urgent' }
export const team: QuestionDraft = {
  ...base,
  id: 'q2',
  kind: 'choice',
  name: 'Team',
  choices: ['billing', 'shipping'].map((value) => ({ id: value, value, description: '' })),
}
export const tone: QuestionDraft = {
  ...base,
  id: 'q3',
  kind: 'score',
  name: 'Tone',
  levels: ['calm', 'upset', 'furious'].map((label) => ({ id: label, label, description: '' })),
}
export const questionnaire: Questionnaire = { id: 'qn', name: 'Triage', questions: [urgent, team, tone] }

/** A row of the batch: its file's cells, then the probability of yes, of billing, and the score given. */
export function item(
  index: number,
  source: string[],
  yes: number,
  billing: number,
  score: number,
  status: BatchItem['status'] = 'done',
): BatchItem {
  return {
    index,
    input: source[0] ?? '',
    status,
    response:
      status === 'done'
        ? {
            model: 'm',
            usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
            answers: [
              { type: 'predicate', probability: yes },
              {
                type: 'choice',
                choice: billing >= 0.5 ? 'billing' : 'shipping',
                confidence: 0.5,
                probabilities: [
                  { value: 'billing', probability: billing },
                  { value: 'shipping', probability: 1 - billing },
                ],
              },
              {
                type: 'score',
                score,
                confidence: 0.5,
                legend: {},
                probabilities: [0, 1, 2].map((value) => ({
                  value,
                  label: tone.levels[value]?.label ?? '',
                  probability: value === Math.round(score) ? 0.8 : 0.1,
                })),
              },
            ],
          }
        : null,
    error: null,
    cost: '0.001',
    costEstimated: false,
    durationMs: 10,
    finishedAt: 1,
    source,
    line: index + 2,
    labels: null,
  }
}
