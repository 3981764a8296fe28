// The inputs of a new batch as a person gives them: typed or pasted into the field, or a file opened (here or by a
// drop on the window). A file's problem is said by its control; the encoding it was read in, when not UTF-8.
import type { ReactNode } from 'react'
import type { BatchSource } from '#shared/domain/batch-inputs'
import type { TextEncodingName } from '#shared/domain/text-encoding'

/**
 * The longest text the field is given. A field lays out all of its text: with a file of a few MB in it the
 * window took seconds to show it and grew by hundreds of MB, so a longer file's text is held and parsed without
 * being shown, and its count and first rows stand for it.
 */
export const fieldCharacters = 256 * 1024

/** Every kind of batch file, whichever is chosen: the file's name picks the kind it is read as. */
const accepted = '.txt,.csv,.jsonl,.ndjson,text/plain,text/csv,application/x-ndjson'

const fieldLabels: Record<BatchSource, string> = {
  lines: 'One input per line',
  csv: 'CSV with a header row',
  jsonl: 'One JSON value per line',
}

/** What a person is told about the encoding a file was read in, when it is not UTF-8. */
const encodingNotes: Record<Exclude<TextEncodingName, 'UTF-8'>, string> = {
  'UTF-16 LE': 'read as UTF-16',
  'UTF-16 BE': 'read as UTF-16 (big-endian)',
  'Windows-1252':
    'read as Windows-1252 (Western European), as it is not UTF-8; if letters look wrong, save it as UTF-8 and open it again',
}

export function BatchInputsField(props: {
  source: BatchSource
  text: string
  /** The file the text came from, while it is not edited. */
  file: { fileName: string; encoding: TextEncodingName } | null
  /** Why the last file could not be opened. */
  fileProblem: string | null
  onType(text: string): void
  onOpen(file: File): void
  onClose(): void
  /** More controls beside the file's, such as the column of a CSV. */
  children?: ReactNode
}) {
  const { file, fileProblem } = props
  const held = file !== null && props.text.length > fieldCharacters
  return (
    <>
      {held ? (
        <div className="field">
          <span className="field__label">{fieldLabels[props.source]}</span>
          <p className="muted">
            The inputs are read from {file.fileName}, too long to show here: their count
            {props.source === 'csv' ? ' and first rows are' : ' is'} below.{' '}
            <button type="button" className="link-button" onClick={props.onClose}>
              Type or paste inputs instead
            </button>
          </p>
        </div>
      ) : (
        <label className="field">
          <span className="field__label">{fieldLabels[props.source]}</span>
          <textarea
            rows={6}
            className="code-input"
            aria-label="Batch inputs"
            value={props.text}
            onChange={(event) => props.onType(event.target.value)}
          />
        </label>
      )}
      <div className="field-row">
        <label className="button">
          Open a file…
          <input
            type="file"
            className="visually-hidden"
            accept={accepted}
            aria-describedby={fileProblem ? 'batch-file-problem' : undefined}
            aria-invalid={fileProblem ? true : undefined}
            onChange={(event) => {
              const picked = event.target.files?.[0]
              if (picked) props.onOpen(picked)
              event.target.value = ''
            }}
          />
        </label>
        {file ? (
          <span className="muted">
            {file.fileName}
            {file.encoding !== 'UTF-8' ? `, ${encodingNotes[file.encoding]}` : ''}
          </span>
        ) : null}
        {props.children}
      </div>
      {fileProblem ? (
        <p id="batch-file-problem" className="field-error" role="alert">
          {fileProblem}
        </p>
      ) : null}
    </>
  )
}
