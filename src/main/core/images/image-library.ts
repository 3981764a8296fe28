// The gallery's store: image results written as files (temp, fsync, rename) and then as rows, and read back as
// the records the renderer shows. The canvas and the playground both keep their images here.
import { randomUUID } from 'node:crypto'
import { imageDimensions } from '#shared/domain/images'
import type { ImageRecord } from '#shared/ipc/routes/images'
import type { EventSink } from '../events.ts'
import type { History } from '../history/history.ts'
import type { ImageResultRow } from '../history/library.ts'
import type { MediaStore } from '../media/media-store.ts'
import type { Thumbnails } from '../media/thumbnails.ts'
import type { Platform } from '../platform.ts'
import type { Hold } from '../spend/hold.ts'
import type { DrawnImage } from './image-calls.ts'

export function createImageLibrary(deps: {
  history: History
  media: MediaStore
  thumbnails: Pick<Thumbnails, 'ensure'>
  platform: Platform
  emit: EventSink
  now?: () => number
}) {
  const now = deps.now ?? Date.now
  const images = deps.history.imageResults
  const recordOf = (row: ImageResultRow): ImageRecord => {
    const item = deps.media.get(row.mediaId)
    return {
      id: row.id,
      url: deps.platform.mediaUrl(row.mediaId),
      thumbnailUrl: deps.platform.mediaUrl(row.mediaId, 'thumbnail'),
      parentId: row.parentId,
      kind: row.kind,
      model: row.model,
      provider: row.provider,
      prompt: row.prompt,
      params: JSON.parse(row.paramsJson),
      usage: row.usageJson ? JSON.parse(row.usageJson) : null,
      cost: row.cost,
      width: row.width,
      height: row.height,
      mimeType: item?.mimeType ?? 'image/png',
      bytes: item?.bytes ?? 0,
      thoughts: row.thoughtsJson ? JSON.parse(row.thoughtsJson) : [],
      createdAt: row.createdAt,
    }
  }
  /**
   * Files first, then the rows in one transaction, with the hold they were drawn under: a crash leaves at most an
   * unreferenced file.
   */
  async function keep(
    drawn: DrawnImage[],
    common: Pick<ImageResultRow, 'model' | 'prompt' | 'kind' | 'parentId' | 'profileId'> & { params: object },
    /** The hold the images were drawn under: settled with their rows (an import has none). */
    hold?: Hold,
  ): Promise<ImageRecord[]> {
    const stored = await Promise.all(drawn.map((image) => deps.media.put(image.bytes, image.mimeType)))
    const at = now()
    const rows = drawn.map(
      (image, index): ImageResultRow => ({
        id: randomUUID(),
        mediaId: stored[index]?.id ?? '',
        parentId: common.parentId,
        model: common.model,
        provider: image.provider,
        prompt: common.prompt,
        paramsJson: JSON.stringify({ ...common.params, served: image.served }),
        usageJson: image.usage ? JSON.stringify(image.usage) : null,
        cost: image.cost,
        createdAt: at + index,
        kind: common.kind,
        width: imageDimensions(image.bytes)?.width ?? null,
        height: imageDimensions(image.bytes)?.height ?? null,
        thoughtsJson: image.thoughts.length ? JSON.stringify(image.thoughts) : null,
        profileId: common.profileId,
      }),
    )
    deps.history.transaction(() => {
      for (const row of rows) images.insert(row)
      hold?.settle(
        rows.some((row) => row.cost !== null),
        rows[0]?.id ?? randomUUID(),
      )
    })
    deps.emit('data.changed', { topics: ['images'] })
    // The gallery's small copies are made now, in the background, rather than when a tile first asks.
    for (const item of stored) if (item) void deps.thumbnails.ensure(item.id)
    return rows.map(recordOf)
  }

  return { recordOf, keep }
}

export type ImageLibrary = ReturnType<typeof createImageLibrary>
