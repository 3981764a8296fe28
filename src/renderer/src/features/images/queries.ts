// Image data the screen reads: models by family, one image, the gallery, recent prompts; and bringing a file in.
import { useQuery } from '@tanstack/react-query'
import { checkSourceFile } from '#shared/domain/images'
import { AppError } from '#shared/ipc/app-error'
import type { ImageRecord } from '#shared/ipc/routes/images'
import { invoke, profileKeys, queryKeys } from '../../ipc.ts'
import { useModelField } from '../../model-field.ts'

/**
 * The model field's image models (while `editing`, those that take an image) and the chosen one, with what
 * the whole list holds: main reads them from the kept catalog.
 */
export const useImageField = (chosen: string, editing: boolean) =>
  useModelField({
    key: (profileId, text, id) => [...profileKeys.imageModels(profileId), text, id, editing],
    read: (query, signal) => invoke('images.models', { ...query, editing }, { signal }),
    chosen,
  })

/** The models the gallery's images were made with: what its model filter offers. */
export const useMadeWith = () =>
  useQuery({ queryKey: [...queryKeys.images(), 'madeWith'], queryFn: () => invoke('images.madeWith', {}) })

export const useImage = (id: string | null) =>
  useQuery({
    queryKey: [...queryKeys.images(), 'one', id],
    queryFn: () => invoke('images.get', { id: id ?? '' }),
    enabled: id !== null,
  })

/** The newest images the gallery shows at once; a search reaches the others. */
export const galleryLimit = 2000

export const useImageList = (filter: { text?: string; model?: string }) =>
  useQuery({
    queryKey: queryKeys.imageList(filter),
    queryFn: () => invoke('images.list', { ...filter, limit: galleryLimit }),
  })

export const useRecentPrompts = () =>
  useQuery({ queryKey: [...queryKeys.images(), 'prompts'], queryFn: () => invoke('images.prompts', {}) })

/** A dropped, pasted or picked file: checked here first, then sent to main, which checks the bytes again. */
export async function importImageFile(file: File): Promise<ImageRecord> {
  const problem = checkSourceFile(file)
  if (problem) throw new AppError({ code: 'validation_failed', message: problem })
  const dataUrl = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.onerror = () =>
      reject(new AppError({ code: 'validation_failed', message: `${file.name} could not be read.` }))
    reader.readAsDataURL(file)
  })
  return invoke('images.import', { fileName: file.name, dataBase64: dataUrl.slice(dataUrl.indexOf(',') + 1) })
}

/** The drag type that carries a gallery image's id inside the app. */
export const imageDragType = 'application/x-gateway-desk-image'

export const familyLabels = {
  A: 'Family A · generations and edits',
  B: 'Family B · edits through generateContent',
  C: 'Family C · reference images',
} as const
