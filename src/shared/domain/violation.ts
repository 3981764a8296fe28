// A broken rule of the service's documents: what the service answers, and where in the request it is.
export interface Violation {
  /** HTTP status the service answers with. */
  status: number
  /** The service's error code (e.g. `too_many_references`) or type (e.g. `invalid_request_error`). */
  code: string
  message: string
  /** Where in the request body, e.g. `['questions', 2, 'choices']`. */
  path: (string | number)[]
}

export const violation = (
  status: number,
  code: string,
  message: string,
  path: (string | number)[] = [],
): Violation => ({
  status,
  code,
  message,
  path,
})
