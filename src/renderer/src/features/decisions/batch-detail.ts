// A batch as the page reads it: its summary and questionnaire, then its rows a range at a time, one after the
// other (a finished batch's once its scores have shown: `BatchView`). Each range is short, so main passes it on
// within a frame and the page reads it in a short task however large the batch; the batch shows once every range
// is in. (Asked for at once, the ranges' answers reach main together and it handles them in one go, as long as
// the whole batch would take.)
import type { QueryFunctionContext } from '@tanstack/react-query'
import { batchLimits } from '#shared/domain/batch-inputs'
import type { BatchItem } from '#shared/ipc/routes/batches'
import type { RouteOutput } from '#shared/ipc/routes/index'
import { invoke, queryKeys } from '../../ipc.ts'

export type BatchDetail = RouteOutput<'batches.get'> & { items: BatchItem[] }

export const batchDetail = (id: string) => ({
  queryKey: queryKeys.batch(id),
  queryFn: async ({ signal, client }: QueryFunctionContext): Promise<BatchDetail> => {
    // The head the view has already asked for (or asks for now), read once.
    const head = await client.fetchQuery(batchHead(id))
    const limit = batchLimits.rowsPerRead
    const items: BatchItem[] = []
    for (let from = 0; from < head.batch.counts.total; from += limit)
      items.push(...(await invoke('batches.rows', { id, from, limit }, { signal })).items)
    return { ...head, items }
  },
})

/** A batch without its rows: what its view says of it at once, while its rows are read. */
export const batchHead = (id: string) => ({
  queryKey: [...queryKeys.batch(id), 'head'] as const,
  queryFn: ({ signal }: QueryFunctionContext) => invoke('batches.get', { id }, { signal }),
})

/** A batch's answers as its scores read them: one short answer, worked out in main's data worker. */
export const batchAnswers = (id: string) => ({
  queryKey: [...queryKeys.batch(id), 'answers'] as const,
  queryFn: ({ signal }: QueryFunctionContext) => invoke('batches.answers', { id }, { signal }),
})

/** How many of a batch's rows hold other inputs than `against`'s at the same place: runs compare row by row. */
export const rowsDiffer = (id: string, against: string) => ({
  queryKey: [...queryKeys.batch(id), 'rows differ from', against] as const,
  queryFn: ({ signal }: QueryFunctionContext) => invoke('batches.rowsDiffer', { id, against }, { signal }),
})
