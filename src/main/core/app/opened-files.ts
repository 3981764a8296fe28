// A questionnaire file the OS hands the app (double-clicked in the file manager, "Open with"): checked for
// what it claims — its size before it is read, then its JSON against the questionnaire's schema — and kept
// until the Decisions screen takes it as an unsaved draft. What does not read becomes a notice saying why.
import { randomUUID } from 'node:crypto'
import { basename } from 'node:path'
import type { Questionnaire } from '#shared/domain/questionnaire'
import {
  maxQuestionnaireFileBytes,
  questionnaireFromJson,
  questionnaireTextProblem,
} from '#shared/domain/questionnaire-file'
import { readRegularFile } from '../../../node/regular-file.ts'

export const questionnaireExtension = 'gdq'
export { maxQuestionnaireFileBytes }

export const isQuestionnaireFile = (path: string) => path.toLowerCase().endsWith(`.${questionnaireExtension}`)

/**
 * The questionnaire file at `path` read and checked, with its JSON (which may say more: its evaluation). The
 * app's opened files and the command line read one so.
 */
export async function readQuestionnaireFile(
  path: string,
): Promise<{ questionnaire: Questionnaire; json: unknown }> {
  const name = basename(path)
  const bytes = await readRegularFile(path, (size) =>
    size > maxQuestionnaireFileBytes
      ? `${name} is ${(size / 1024 / 1024).toFixed(1)} MiB, larger than any questionnaire can be.`
      : null,
  )
  const text = bytes.toString('utf8')
  const problem = questionnaireTextProblem(text, name)
  if (problem) throw new Error(problem)
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw new Error(`${name} is not a questionnaire: it is not JSON.`)
  }
  return { questionnaire: questionnaireFromJson(value, name, randomUUID), json: value }
}

/** The file opened last, until the Decisions screen takes it. */
export function createOpenedFiles(deps: {
  openPath: (path: string) => void
  refused: (notice: string) => void
}) {
  let waiting: Questionnaire | null = null
  return {
    async open(path: string): Promise<void> {
      try {
        waiting = (await readQuestionnaireFile(path)).questionnaire
        deps.openPath('/decisions?view=build&opened=1')
      } catch (error) {
        deps.refused(`The file was not opened: ${(error as Error).message}`)
      }
    },
    take(): Questionnaire | null {
      const taken = waiting
      waiting = null
      return taken
    },
  }
}
