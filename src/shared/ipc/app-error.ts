// One error type for both processes. Main throws it; the IPC envelope carries its fields; the renderer's
// invoke rebuilds it, so a code set in main arrives intact (Electron itself would keep only the message).
// Plain TypeScript, no zod: the renderer imports it and should not pull the schema library in.
export interface AppErrorShape {
  code: string
  message: string
  /** HTTP status, when the error came from the service. */
  status?: number
  /** The service's own `code` or `type`, when it gave one. */
  serviceCode?: string
  serviceType?: string
  /** Seconds to wait, from the service's Retry-After header. */
  retryAfter?: number
  /** Which endpoint answered, e.g. `POST /v1/videos`. */
  endpoint?: string
  /** Where in the input the problem is, e.g. `questions.2.name`. */
  path?: (string | number)[]
  /** The raw error body from the service, for the "show raw error" view. */
  raw?: string
  /** What the person should know or do, in a sentence. */
  hint?: string
}

export class AppError extends Error {
  readonly code: string
  readonly status: number | undefined
  readonly serviceCode: string | undefined
  readonly serviceType: string | undefined
  readonly retryAfter: number | undefined
  readonly endpoint: string | undefined
  readonly path: (string | number)[] | undefined
  readonly raw: string | undefined
  readonly hint: string | undefined

  constructor(shape: AppErrorShape) {
    super(shape.message)
    this.name = 'AppError'
    this.code = shape.code
    this.status = shape.status
    this.serviceCode = shape.serviceCode
    this.serviceType = shape.serviceType
    this.retryAfter = shape.retryAfter
    this.endpoint = shape.endpoint
    this.path = shape.path
    this.raw = shape.raw
    this.hint = shape.hint
  }

  toShape(): AppErrorShape {
    const shape: AppErrorShape = { code: this.code, message: this.message }
    for (const key of [
      'status',
      'serviceCode',
      'serviceType',
      'retryAfter',
      'endpoint',
      'path',
      'raw',
      'hint',
    ] as const) {
      if (this[key] !== undefined) Object.assign(shape, { [key]: this[key] })
    }
    return shape
  }
}

/** Codes the app itself uses (the service's codes arrive in `serviceCode`). */
export const appErrorCodes = {
  validation: 'validation_failed',
  unknownRoute: 'unknown_route',
  untrustedSender: 'untrusted_sender',
  internal: 'internal_error',
  refusedUrl: 'external_url_refused',
} as const

/** What an error the app did not expect says to the page: its details stay in the log. */
export const unexpectedError: AppErrorShape = Object.freeze({
  code: appErrorCodes.internal,
  message: 'Something went wrong in the app. Details are in the log.',
})
