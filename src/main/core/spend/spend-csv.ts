// The ledger's entries as a CSV that reads as the Spend view does: the profile's name beside its id, features in
// the app's words, and each unit in a column of its own (a spreadsheet sums a column, not a JSON text). The units
// are the service's as it reported them, in whichever protocol the call used, so each column reads several names.
import Papa from 'papaparse'
import { spendFeatureWords, spendProfileName } from '#shared/domain/spend-words'
import { formulaStart, utf8Bom } from '../batches/batch-files.ts'
import type { SpendRow } from '../history/spend.ts'

/** Each column and where the protocols put its figure: unified, messages, generateContent, images, the ledger. */
const unitColumns: [column: string, paths: string[]][] = [
  ['prompt_tokens', ['prompt_tokens', 'input_tokens', 'promptTokenCount']],
  ['completion_tokens', ['completion_tokens', 'output_tokens', 'candidatesTokenCount']],
  ['reasoning_tokens', ['thoughtsTokenCount', 'completion_tokens_details.reasoning_tokens']],
  [
    'cached_tokens',
    ['cache_read_input_tokens', 'cachedContentTokenCount', 'prompt_tokens_details.cached_tokens'],
  ],
  // A cache's entry holds the tokens written to it.
  ['cache_write_tokens', ['cache_creation_input_tokens', 'tokens']],
  ['total_tokens', ['total_tokens', 'totalTokenCount']],
  ['input_images', ['num_input_images']],
  ['video_seconds', ['seconds']],
]

const header = [
  'time',
  'profile',
  'profile_id',
  'feature',
  'model',
  'cost_usd',
  'estimated',
  'item',
  ...unitColumns.map(([column]) => column),
]

function unitsOf(unitsJson: string): string[] {
  let units: unknown
  try {
    units = JSON.parse(unitsJson)
  } catch {
    units = null
  }
  const at = (path: string) =>
    path.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown> | null)?.[key], units)
  return unitColumns.map(([, paths]) => {
    const figure = paths.map(at).find((value) => typeof value === 'number' && Number.isFinite(value))
    return figure === undefined ? '' : String(figure)
  })
}

/**
 * The CSV text of `rows`: a byte order mark first (a spreadsheet otherwise reads UTF-8 in the system's old code
 * page and garbles a name), CRLF lines, and every cell a spreadsheet would run as a formula kept as text.
 */
export function spendCsv(
  rows: readonly SpendRow[],
  profiles: readonly { id: string; name: string }[],
): string {
  const table = [
    header,
    ...rows.map((row) => [
      new Date(row.at).toISOString(),
      spendProfileName(row.profileId, profiles),
      row.profileId ?? '',
      spendFeatureWords[row.feature],
      row.model,
      row.cost,
      row.estimated ? 'yes' : 'no',
      row.itemId,
      ...unitsOf(row.unitsJson),
    ]),
  ]
  return `${utf8Bom}${Papa.unparse(table, { escapeFormulae: formulaStart, newline: '\r\n' })}\r\n`
}
