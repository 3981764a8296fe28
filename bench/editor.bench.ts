// Questionnaire editor figures in the harness: with 100 questions and one of 255 choices open, the time from
// a keystroke to the next frame after the editor has taken it, for typing in a question's name and in a
// choice of the large question; and the longest main-thread task while typing.
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { openHistory } from '#core/history/history'
import type { QuestionDraft, QuestionKind } from '#shared/domain/questionnaire'
import { ms, openHarness, percentile } from './measure.ts'

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
  questions: [...Array.from({ length: 100 }, (_, i) => question(i, 0)), question(100, 255)],
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

const { page, version, stop } = await openHarness(userData)
await page.getByRole('link', { name: 'Decisions' }).click()
await page
  .getByRole('combobox', { name: 'Open a saved questionnaire' })
  .selectOption({ label: 'Editor benchmark (v1)' })
await page.getByRole('article', { name: 'Question 101' }).getByLabel('Choice 255 value').waitFor()

// In the page: each keystroke's time to the frame after it was handled, and the long tasks seen.
await page.evaluate(() => {
  const scope = globalThis as unknown as {
    document: { addEventListener(type: string, listener: () => void, capture: boolean): void }
    requestAnimationFrame(callback: () => void): void
    PerformanceObserver: new (
      callback: (list: { getEntries(): { duration: number }[] }) => void,
    ) => {
      observe(options: { type: string }): void
    }
    latencies: number[]
    longest: number
  }
  scope.latencies = []
  scope.longest = 0
  scope.document.addEventListener(
    'keydown',
    () => {
      const at = performance.now()
      scope.requestAnimationFrame(() => setTimeout(() => scope.latencies.push(performance.now() - at), 0))
    },
    true,
  )
  new scope.PerformanceObserver((list) => {
    for (const entry of list.getEntries()) scope.longest = Math.max(scope.longest, entry.duration)
  }).observe({ type: 'longtask' })
})

async function typeInto(target: Page, label: string, scope: string, text: string): Promise<number[]> {
  const field = target.getByRole('article', { name: scope }).getByLabel(label, { exact: true })
  await field.click()
  await target.evaluate(() => {
    ;(globalThis as unknown as { latencies: number[] }).latencies = []
  })
  await target.keyboard.type(text, { delay: 30 })
  await target.waitForTimeout(200)
  return target.evaluate(() => (globalThis as unknown as { latencies: number[] }).latencies)
}

const text = 'the quick brown fox jumps over'
const nameLatency = await typeInto(page, 'Question 50 name', 'Question 50', text)
const choiceLatency = await typeInto(page, 'Choice 200 description', 'Question 101', text)
const longest = await page.evaluate(() => (globalThis as unknown as { longest: number }).longest)
await stop()

console.log(`questionnaire editor in the harness, 100 questions + one of 255 choices (Chromium ${version})`)
console.log(
  `  keystroke → next frame, a question's name       p50 ${ms(percentile(nameLatency, 50))}, p95 ${ms(percentile(nameLatency, 95))}, max ${ms(Math.max(...nameLatency))} (${nameLatency.length} keys)`,
)
console.log(
  `  keystroke → next frame, the 255-choice question  p50 ${ms(percentile(choiceLatency, 50))}, p95 ${ms(percentile(choiceLatency, 95))}, max ${ms(Math.max(...choiceLatency))} (${choiceLatency.length} keys)`,
)
console.log(`  longest main-thread task while typing            ${longest ? ms(longest) : 'none over 50 ms'}`)
