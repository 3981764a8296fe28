// What a sandbox route is: a method and a path pattern in one endpoint group, and a handler that returns a
// reply (or streams one itself).
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Catalog } from './catalog.ts'
import type { Group } from './http.ts'
import type { KeyState, SandboxState } from './state.ts'

export interface Reply {
  status: number
  json?: unknown
  body?: Buffer | string
  headers?: Record<string, string>
}

export interface RequestContext {
  req: IncomingMessage
  res: ServerResponse
  url: URL
  params: Record<string, string>
  /** The authenticated key, for groups that require one. */
  key: KeyState
  /** The raw body, read once, within the route's size limit. */
  body(): Promise<Buffer>
  /** The address clients use to reach this sandbox, e.g. `http://127.0.0.1:4010`. */
  baseUrl: string
}

export interface Route {
  method: 'GET' | 'POST' | 'DELETE'
  pattern: RegExp
  group: Group
  /** Largest accepted body, in bytes. */
  bodyLimit?: number
  handle(ctx: RequestContext): Promise<Reply | null> | Reply | null
}

/** Shared by every route module. */
export interface SandboxContext {
  catalog: Catalog
  state: SandboxState
  now(): number
}
