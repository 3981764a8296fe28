// The app's reading of image models and files, checked against the sandbox's own definitions and real images.
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { imageDimensions, imageFamilyOf } from '#shared/domain/images'
import { sandboxModels } from './catalog.ts'

describe('what the app reads from image listings and files', () => {
  it('reads each image model family from its listing as the sandbox defines it', () => {
    for (const model of sandboxModels) {
      const listing = {
        architecture: { input_modalities: model.inputModalities, output_modalities: model.outputModalities },
        supported_parameters: model.supportedParameters,
      }
      expect([model.id, imageFamilyOf(listing)]).toEqual([model.id, model.imageFamily ?? null])
    }
  })

  it('reads the size of real PNG and JPEG files', async () => {
    const base = sharp({ create: { width: 300, height: 170, channels: 3, background: '#336699' } })
    expect(imageDimensions(await base.clone().png().toBuffer())).toEqual({ width: 300, height: 170 })
    expect(imageDimensions(await base.clone().jpeg().toBuffer())).toEqual({ width: 300, height: 170 })
    expect(imageDimensions(new Uint8Array([1, 2, 3]))).toBeNull()
  })
})
