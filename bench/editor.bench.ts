// Questionnaire editor figures in the harness, on the built renderer, with 50 questions (one of them with 255
// choices): from each keystroke's own timestamp to the frame that shows it, typing in a question's name and in a
// choice of the large question; and the long tasks while typing.
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openHistory } from '#core/history/history'
import type { QuestionDraft, QuestionKind } from '#shared/domain/questionnaire'
import { heading, report, reportInteraction } from './figures.ts'
import { resultInField, takeSamples, timed, watchInteractions } from './interaction.ts'
import { openHarness } from './measure.ts'

const kinds: QuestionKind[] = ['predicate', 'choice', 'score']
const question = (index: number, choices: number): QuestionDraft => {
  const kind = choices > 0 ? 'choice' : kinds[index % 3]!
  return {
    id: `q${index}`,
    kind,
    name: `question_${index}`,
    instructions: `Instructions for question ${index}: decide carefully about the content.`,
    instructionsAsJson: false,
    criteriaTrue: kind === 'predicate' ? 'yes when it says so' : '',
    criteriaFalse: '',
    choices:
      kind === 'choice'
        ? Array.from({ length: Math.max(choices, 4) }, (_, c) => ({
            id: `q${index}c${c}`,
            value: `option_${c}`,
            description: `what option ${c} means`,
          }))
        : [],
    levels:
      kind === 'score'
        ? ['low', 'medium', 'high'].map((label, l) => ({ id: `q${index}l${l}`, label, description: '' }))
        : [],
  }
}
const questionnaire = {
  id: 'bench-editor',
  name: 'Editor benchmark',
  questions: [...Array.from({ length: 49 }, (_, i) => question(i, 0)), question(49, 255)],
}

const userData = await mkdtemp(join(tmpdir(), 'gd-bench-editor-'))
const history = openHistory(userData)
history.transaction(() =>
  history.questionnaires.save(
    questionnaire.id,
    questionnaire.name,
    JSON.stringify(questionnaire),
    Date.now(),
  ),
)
history.close()

const app = await openHarness(userData)
const { page } = app
await page.getByRole('link', { name: 'Decisions' }).click()
await watchInteractions(page)
await takeSamples(page)
await page
  .getByRole('combobox', { name: 'Open a saved questionnaire' })
  .selectOption({ label: 'Editor benchmark (v1)' })
// Waited for by a CSS selector: the role engine's polling works out accessible names across the whole editor,
// work of the benchmark's own that would land in the page's tasks being measured.
await page.locator('article[aria-label="Question 50"] [aria-label="Choice 255 value"]').waitFor()
const opening = await takeSamples(page)
await resultInField(page)

async function typeInto(label: string, scope: string, text: string) {
  const field = page.getByRole('article', { name: scope }).getByLabel(label, { exact: true })
  await field.click()
  for (const char of text) await timed(page, () => page.keyboard.press(char === ' ' ? 'Space' : char))
  return takeSamples(page)
}

const text = 'the quick brown fox jumps over'
const name = await typeInto('Question 25 name', 'Question 25', text)
const choice = await typeInto('Choice 200 description', 'Question 50', text)
await app.stop()

heading(`questionnaire editor, 50 questions, one of 255 choices (Chromium ${app.version})`)
reportInteraction("keystroke → shown, a question's name (50 questions)", name, 'keys')
reportInteraction('keystroke → shown, a choice of the 255-choice question', choice, 'keys')
report({
  name: 'longest task while typing in the editor',
  value: Math.max(0, ...name.longTasks, ...choice.longTasks),
  unit: 'ms',
  goal: { atMost: 50 },
})
report({
  name: 'longest task opening the questionnaire',
  value: Math.max(0, ...opening.longTasks),
  unit: 'ms',
  goal: { atMost: 50 },
  detail: 'the questions built eight per frame',
})
