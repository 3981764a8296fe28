// real_person preprocessing (document 2 §4.1 rule 6, §7): every image in the selected reference field is
// read for real; the first that fails names itself and its reason token at the end of the message.
import type { VideoCreateRequest } from '#shared/api/videos'
import { imageReferences } from '#shared/domain/videos'
import { ServiceError } from '../http.ts'
import { failureText, loadImage } from '../media-input.ts'

export async function preprocessRealPerson(
  request: VideoCreateRequest,
  allowPrivate: boolean,
): Promise<void> {
  for (const { url, field } of imageReferences(request)) {
    const loaded = await loadImage(url, allowPrivate)
    if (!loaded.ok) {
      throw new ServiceError(
        400,
        'invalid_request',
        `Real-person preprocessing failed for ${field}: ${failureText[loaded.reason]} (${loaded.reason})`,
      )
    }
  }
}
