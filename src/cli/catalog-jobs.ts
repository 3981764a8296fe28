// `models list`, `models diff` and `jobs …`: the catalog as the model browser reads it, what changed at the last
// refresh, and video jobs listed, created and watched until they settle.
import Papa from 'papaparse'
import { emptyFilter, perMillion, type SortColumn } from '#shared/domain/catalog-view'
import type { RouteOutput } from '#shared/ipc/routes/index'
import type { VideoJobSummary } from '#shared/ipc/routes/videos'
import { formulaStart } from '../main/core/batches/batch-files.ts'
import { exitCodes, paint, print, printJson, table, usageError, warn } from './output.ts'
import { type GlobalOptions, type Session, withSession } from './session.ts'

type Row = RouteOutput<'catalog.rows'>['rows'][number]

const sorts: Record<string, SortColumn> = {
  price: 'prompt',
  name: 'name',
  id: 'id',
  provider: 'provider',
  context: 'contextLength',
}

const price = (value: string | null) => (value === null ? '' : perMillion(value))

export function modelsList(
  global: GlobalOptions,
  options: { provider?: string; sort?: string; format?: string; limit?: string },
) {
  const sort = sorts[options.sort ?? 'id']
  if (!sort) throw usageError(`--sort takes ${Object.keys(sorts).join(', ')}.`)
  const format = global.json ? 'json' : (options.format ?? 'table')
  if (!['table', 'csv', 'json'].includes(format)) throw usageError('--format takes table, csv or json.')
  const limit = options.limit === undefined ? Number.POSITIVE_INFINITY : Number(options.limit)
  if (!(limit > 0)) throw usageError('--limit takes a positive number.')
  return withSession(global, { makesNoFolder: true }, async (session) => {
    const rows: Row[] = []
    let after: RouteOutput<'catalog.rows'>['next'] = null
    for (;;) {
      const page: RouteOutput<'catalog.rows'> = await session.call('catalog.rows', {
        filter: { ...emptyFilter, provider: options.provider ?? '' },
        sort,
        descending: false,
        offset: rows.length,
        limit: Math.min(1000, limit - rows.length),
        ...(after ? { after } : {}),
      })
      rows.push(...page.rows)
      after = page.next
      if (!after || rows.length >= limit) break
    }
    if (format === 'json') for (const row of rows) printJson('model', row)
    else {
      const header = ['id', 'provider', 'name', 'context', 'prompt_usd_per_1m', 'completion_usd_per_1m']
      const cells = rows.map((row) => [
        row.id,
        row.provider,
        row.name,
        row.contextLength === null ? '' : String(row.contextLength),
        price(row.prices.prompt),
        price(row.prices.completion),
      ])
      if (format === 'csv')
        process.stdout.write(
          `${Papa.unparse([header, ...cells], { escapeFormulae: formulaStart, newline: '\r\n' })}\r\n`,
        )
      else print(table(header, cells))
    }
    if (rows.length === 0 && !global.json)
      warn(options.provider ? `No model of ${options.provider}.` : 'The catalog is empty.')
    return exitCodes.done
  })
}

export function modelsDiff(global: GlobalOptions) {
  return withSession(global, { makesNoFolder: true }, async (session) => {
    const overview = await session.call('catalog.overview', { refresh: true })
    if (!overview.fresh)
      warn(`The service could not be reached; this is the catalog kept on disk. ${overview.problem ?? ''}`)
    const { changes } = await session.call('catalog.changes', {})
    if (global.json) {
      printJson('catalog-changes', changes ?? { added: [], removed: [], priceChanges: [] })
      return exitCodes.done
    }
    if (!changes) {
      print('Nothing to compare yet: this is the first catalog kept for this profile.')
      return exitCodes.done
    }
    print(`Since ${new Date(changes.since).toISOString()}:`)
    for (const id of changes.added) print(`${paint('green', '+')} ${id}`)
    for (const id of changes.removed) print(`${paint('red', '-')} ${id}`)
    for (const change of changes.priceChanges)
      print(
        `${paint('yellow', '~')} ${change.id} ${change.price}: ${price(change.from) || '—'} → ${price(change.to) || '—'} per 1M`,
      )
    if (!changes.added.length && !changes.removed.length && !changes.priceChanges.length) print('No change.')
    return exitCodes.done
  })
}

const jobLine = (job: VideoJobSummary) =>
  [
    job.id,
    job.status.padEnd(9),
    new Date(job.createdAt).toISOString().slice(0, 19).replace('T', ' '),
    job.videoSeconds ? `${job.videoSeconds}s $${job.videoCost}` : '',
    job.prompt.length > 60 ? `${job.prompt.slice(0, 59)}…` : job.prompt,
  ].join('  ')

export function jobsList(global: GlobalOptions, options: { status?: string; limit?: string }) {
  const limit = Number(options.limit ?? 50)
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000)
    throw usageError('--limit takes a number from 1 to 1000.')
  const statuses = ['pending', 'completed', 'failed', 'cancelled', 'expired']
  if (options.status && !statuses.includes(options.status))
    throw usageError(`--status takes ${statuses.join(', ')}.`)
  return withSession(global, { makesNoFolder: true }, async (session) => {
    const { jobs } = await session.call('videos.list', {
      limit,
      ...(options.status ? { status: options.status as VideoJobSummary['status'] } : {}),
    })
    for (const job of jobs) global.json ? printJson('job', job) : print(jobLine(job))
    return exitCodes.done
  })
}

/**
 * Follows jobs until each settles, printing each change. A job the service no longer knows (the sandbox of another
 * run made it) is said once and left out.
 */
async function watch(session: Session, ids: readonly string[], json: boolean): Promise<number> {
  const waiting = new Set(ids)
  let failed = 0
  const check = async () => {
    for (const id of [...waiting]) {
      const detail = await session.call('videos.detail', { id })
      const lastPoll = detail.polls.at(-1)
      if (detail.job.status === 'pending' && lastPoll?.outcome !== 'not_found') continue
      waiting.delete(id)
      if (detail.job.status !== 'completed') failed++
      if (json) printJson('job', detail.job)
      else if (detail.job.status === 'pending')
        warn(`${id}  the service does not know this job (another run of the sandbox made it)`)
      else print(jobLine(detail.job))
    }
  }
  // Ctrl+C stops watching (the jobs go on at the service); the core still closes cleanly.
  let stopped = false
  const onSignal = () => {
    stopped = true
  }
  process.once('SIGINT', onSignal)
  process.once('SIGTERM', onSignal)
  try {
    await check()
    while (waiting.size > 0 && !stopped) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, stopped ? 0 : 2000)
        const stop = session.events.subscribe((event, payload) => {
          if (event === 'data.changed' && (payload as { topics: string[] }).topics.includes('videos')) done()
        })
        process.once('SIGINT', done)
        function done() {
          clearTimeout(timer)
          stop()
          process.off('SIGINT', done)
          resolve()
        }
      })
      if (!stopped) await check()
    }
  } finally {
    process.off('SIGINT', onSignal)
    process.off('SIGTERM', onSignal)
  }
  if (stopped) return exitCodes.interrupted
  return failed > 0 ? exitCodes.someFailed : exitCodes.done
}

export function jobsWatch(global: GlobalOptions) {
  return withSession(global, { makesNoFolder: true }, async (session) => {
    const { jobs } = await session.call('videos.list', { status: 'pending', limit: 1000 })
    const mine = jobs.filter((job) => job.profileId === session.profileId)
    if (mine.length === 0) {
      if (!global.json) print('No job is running.')
      return exitCodes.done
    }
    if (!global.json)
      warn(`Watching ${mine.length} running job${mine.length === 1 ? '' : 's'}. Ctrl+C to stop.`)
    return watch(
      session,
      mine.map((job) => job.id),
      global.json === true,
    )
  })
}

export function jobsCreate(
  global: GlobalOptions,
  options: { model: string; prompt: string; duration?: string; wait?: boolean; callback?: string },
) {
  const duration = options.duration === undefined ? undefined : Number(options.duration)
  if (duration !== undefined && !(Number.isInteger(duration) && duration > 0))
    throw usageError('--duration takes whole seconds.')
  return withSession(global, {}, async (session) => {
    const job = await session.call('videos.create', {
      request: {
        model: options.model,
        prompt: options.prompt,
        ...(duration ? { duration } : {}),
        ...(options.callback ? { callback_url: options.callback } : {}),
      },
    })
    // A built-in sandbox in this process lives as long as this command: its job is followed to the end.
    const wait = options.wait || (session.profileId === 'sandbox' && session.ownCore() !== null)
    if (global.json && !wait) printJson('job', job)
    else if (!global.json) print(jobLine(job))
    return wait ? watch(session, [job.id], global.json === true) : exitCodes.done
  })
}
