import { copyFile, readFile } from 'node:fs/promises'
import { basename } from 'node:path'
import type { UnifiedModel } from '#shared/api/models'
import { checkSourceFile, imageFamilyOf, imageOptionsOf, sniffImageType } from '#shared/domain/images'
import { AppError } from '#shared/ipc/app-error'
import type { RouteInput } from '#shared/ipc/contract'
import type { ImageModel, ImageRecord, imageRoutes } from '#shared/ipc/routes/images'
import { readRegularFile } from '../../../node/regular-file.ts'
import type { EventSink } from '../events.ts'
import { suggestedFileName } from '../files/file-names.ts'
import type { History } from '../history/history.ts'
import type { ImageResultRow } from '../history/library.ts'
import type { MediaStore } from '../media/media-store.ts'
import type { Platform } from '../platform.ts'
import type { ProfileScope } from '../profiles/profile-scope.ts'
import type { RequestRegistry } from '../requests.ts'
import type { Budgets } from '../spend/budgets.ts'
import type { Estimates } from '../spend/estimates.ts'
import type { Hold } from '../spend/hold.ts'
import { createImageCalls, type DrawnImage, type SourceImage } from './image-calls.ts'
import type { ImageLibrary } from './image-library.ts'
import { checkImportedImage } from './image-size.ts'

const extensionOf: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' }

type Input<K extends keyof typeof imageRoutes> = RouteInput<typeof imageRoutes, K>

/** The gallery: images drawn, edited or imported, kept on disk with what made them. */
export function createImageService(deps: {
  history: History
  media: MediaStore
  platform: Platform
  requests: RequestRegistry
  emit: EventSink
  library: ImageLibrary
  budgets: Pick<Budgets, 'spending'>
  estimates: Pick<Estimates, 'images'>
}) {
  const images = deps.history.imageResults
  const { recordOf, keep } = deps.library

  /** A screen's image model from its unified listing: none when its family is not one the app draws with. */
  const imageModelOf = (model: UnifiedModel): ImageModel[] => {
    const family = imageFamilyOf(model)
    if (!family) return []
    return [
      {
        id: model.id,
        name: model.name,
        family,
        options: imageOptionsOf(family, model.supported_parameters),
        readsImages: model.architecture.input_modalities.includes('image'),
        // Document 1 §4.4: today only the family A base model has two providers; the edit variant has one.
        pinnable: family === 'A' && !model.supported_parameters.includes('input_fidelity'),
        promptPrice: model.pricing.prompt,
        completionPrice: model.pricing.completion,
      },
    ]
  }
  /** What the model field shows: the image models that match what is typed, the chosen one, and the list's make. */
  const models = async (scope: ProfileScope, query: Input<'images.models'>, signal?: AbortSignal) => {
    const { editing, ...field } = query
    const found = await scope.catalog.picks(
      'image',
      { ...field, input: editing ? 'image' : undefined, imageList: true },
      signal,
    )
    return {
      models: found.models.flatMap(imageModelOf),
      total: found.total,
      chosen: found.chosen.flatMap(imageModelOf)[0] ?? null,
      cannotEdit: found.imageList?.cannotEdit ?? 0,
      takesReferences: found.imageList?.takesReferences ?? false,
    }
  }
  const modelNamed = async (scope: ProfileScope, id: string) => {
    const model = (await scope.catalog.named('image', id)).flatMap(imageModelOf)[0]
    if (!model) throw new AppError({ code: 'validation_failed', message: `${id} is not an image model.` })
    return model
  }

  /**
   * Draws images under a hold of their estimate against the profile's budgets, cancellable by the request's id,
   * and keeps them in the gallery with what made them.
   */
  async function draw(
    scope: ProfileScope,
    model: ImageModel,
    input: Input<'images.generate'> | Input<'images.edit'>,
    work: (signal: AbortSignal, hold: Hold) => Promise<DrawnImage[]>,
    made: Pick<ImageResultRow, 'kind' | 'parentId'> & { params: object },
  ): Promise<{ images: ImageRecord[] }> {
    const { prompt } = input
    const count = model.family === 'B' ? 1 : (input.options.n ?? 1)
    const estimate = await deps.estimates.images(scope, { ...model, model: model.id, prompt, count })
    const what = count === 1 ? 'This image' : `These ${count} images`
    return deps.budgets.spending(
      scope.profileId,
      { what, feature: 'image' as const, model: model.id, estimate, override: input.overBudget },
      async (hold) => {
        const drawn = await deps.requests.run(input.requestId, (signal) => work(signal, hold))
        return {
          images: await keep(drawn, { ...made, model: model.id, profileId: scope.profileId, prompt }, hold),
        }
      },
    )
  }

  const found = (id: string) => {
    const row = images.get(id)
    if (!row) throw new AppError({ code: 'not_found', message: 'That image is not in the gallery any more.' })
    return row
  }
  const fileOf = async (id: string) => {
    const row = found(id)
    const located = await deps.media.locate(row.mediaId)
    if (!located) throw new AppError({ code: 'not_found', message: 'The file of that image is missing.' })
    return { row, ...located }
  }
  const sourceOf = async (id: string): Promise<SourceImage> => {
    const { item, path } = await fileOf(id)
    return {
      bytes: await readFile(path),
      mimeType: item.mimeType,
      fileName: `image.${extensionOf[item.mimeType] ?? 'png'}`,
    }
  }

  async function importFile(fileName: string, bytes: Buffer): Promise<ImageRecord> {
    const type = sniffImageType(bytes)
    const problem = checkSourceFile({
      name: fileName,
      type: type ?? 'application/octet-stream',
      size: bytes.length,
    })
    if (problem) throw new AppError({ code: 'validation_failed', message: problem, path: ['file'] })
    await checkImportedImage(fileName, bytes)
    const [record] = await keep(
      [
        {
          bytes,
          mimeType: type ?? 'image/png',
          usage: null,
          cost: null,
          provider: null,
          thoughts: [],
          served: {},
        },
      ],
      {
        model: 'upload',
        prompt: fileName,
        kind: 'uploaded',
        parentId: null,
        profileId: null,
        params: { fileName },
      },
    )
    if (!record) throw new AppError({ code: 'internal_error', message: 'The image could not be kept.' })
    return record
  }

  return {
    models,
    async generate(scope: ProfileScope, input: Input<'images.generate'>): Promise<{ images: ImageRecord[] }> {
      const { prompt, options, provider, referenceIds = [] } = input
      const model = await modelNamed(scope, input.model)
      const references = await Promise.all(referenceIds.map(sourceOf))
      const calls = createImageCalls(scope.gateway)
      return draw(
        scope,
        model,
        input,
        (signal, hold) => calls.generate(model, { prompt, options, provider, references }, { signal, hold }),
        {
          kind: 'generated',
          parentId: referenceIds[0] ?? null,
          params: { ...options, ...(provider ? { provider } : {}), referenceIds },
        },
      )
    },
    async edit(scope: ProfileScope, input: Input<'images.edit'>): Promise<{ images: ImageRecord[] }> {
      const { prompt, sourceId, options, provider } = input
      const model = await modelNamed(scope, input.model)
      const source = await sourceOf(sourceId)
      const calls = createImageCalls(scope.gateway)
      return draw(
        scope,
        model,
        input,
        (signal, hold) => calls.edit(model, { prompt, source, options, provider }, { signal, hold }),
        {
          kind: 'edited',
          parentId: sourceId,
          params: { ...options, ...(provider ? { provider } : {}), via: model.family },
        },
      )
    },
    upload: ({ fileName, dataBase64 }: Input<'images.import'>) =>
      importFile(basename(fileName), Buffer.from(dataBase64, 'base64')),
    async pick(): Promise<ImageRecord | null> {
      const [path] = await deps.platform.openDialog({
        title: 'Choose an image to edit',
        filters: [{ name: 'PNG or JPEG image', extensions: ['png', 'jpg', 'jpeg'] }],
      })
      if (!path) return null
      // Refused by its size before it is read, never waited on (its type is told from its bytes later).
      const name = basename(path)
      const bytes = await readRegularFile(path, (size) =>
        checkSourceFile({ name, type: 'image/png', size }),
      ).catch((error: Error) => {
        throw new AppError({ code: 'validation_failed', message: error.message, path: ['file'] })
      })
      return importFile(name, bytes)
    },
    list: ({ text, model, limit }: Input<'images.list'>) =>
      deps.history.damaged.each('image', images.latest({ text, model, limit }), (row) => row.id, recordOf),
    get: (id: string) => recordOf(found(id)),
    prompts: () => images.recentPrompts(20),
    madeWith: () => images.madeWith(),
    async delete(id: string) {
      const row = found(id)
      deps.history.transaction(() => images.delete(id))
      if (images.usesOfMedia(row.mediaId) === 0) await deps.media.delete(row.mediaId)
      deps.emit('data.changed', { topics: ['images'] })
      return { deleted: true }
    },
    async saveAs(id: string) {
      const { row, item, path } = await fileOf(id)
      const extension = extensionOf[item.mimeType] ?? 'png'
      const target = await deps.platform.saveDialog({
        title: 'Save image',
        defaultPath: suggestedFileName(row.prompt, 'image', extension),
        filters: [{ name: `${extension.toUpperCase()} image`, extensions: [extension] }],
      })
      if (!target) return { savedTo: null }
      await copyFile(path, target)
      return { savedTo: target }
    },
    async copy(id: string) {
      const { path } = await fileOf(id)
      await deps.platform.copyImage(path)
      return { copied: true }
    },
    async dragOut(id: string) {
      const { path } = await fileOf(id)
      return { started: deps.platform.startDrag(path) }
    },
  }
}

export type ImageService = ReturnType<typeof createImageService>
