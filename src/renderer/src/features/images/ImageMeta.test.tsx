// An image's details say what each figure is of: a call that drew several images reports its tokens once for
// all of them, while each image carries its own share of the cost.
import { afterEach, describe, expect, it } from 'vitest'
import type { Bridge } from '#shared/ipc/bridge'
import type { ImageRecord } from '#shared/ipc/routes/images'
import { renderInPage } from '../../test-page.tsx'
import { ImageMeta } from './ImageMeta.tsx'

afterEach(() => {
  document.body.innerHTML = ''
})

const quietCore = { invoke: async () => ({ ok: true, data: null }), on: () => () => {} } as unknown as Bridge

const image = (imagesInCall: number): ImageRecord => ({
  id: 'i1',
  url: 'media://item/i1',
  thumbnailUrl: 'media://item/i1?thumb',
  parentId: null,
  kind: 'generated',
  model: 'lumen/image-1',
  provider: null,
  prompt: 'a lighthouse at dusk',
  params: { served: { imagesInCall } },
  usage: {
    inputTokens: 10,
    textTokens: 10,
    imageTokens: null,
    outputTokens: 4160,
    thoughtTokens: null,
    totalTokens: 4170,
    numInputImages: null,
  },
  cost: '0.0208',
  width: 256,
  height: 256,
  mimeType: 'image/png',
  bytes: 2048,
  thoughts: [],
  createdAt: 0,
})

const facts = (container: HTMLElement) =>
  Object.fromEntries(
    [...container.querySelectorAll('dt')].map((term) => [
      term.textContent,
      term.nextElementSibling?.textContent,
    ]),
  )

describe('an image’s details', () => {
  it('say the tokens are the whole call’s and the cost this image’s share when the call drew two', async () => {
    const { container } = await renderInPage(
      <ImageMeta image={image(2)} onUseAsInput={() => {}} onOpen={() => {}} onDeleted={() => {}} />,
      quietCore,
    )
    expect(facts(container)).toMatchObject({
      'Output tokens, whole call': '4,160',
      'Cost, this image': '$0.0208, its share of a call that drew 2 images',
    })
  })

  it('say plain tokens and cost for an image drawn alone', async () => {
    const { container } = await renderInPage(
      <ImageMeta image={image(1)} onUseAsInput={() => {}} onOpen={() => {}} onDeleted={() => {}} />,
      quietCore,
    )
    expect(facts(container)).toMatchObject({ 'Output tokens': '4,160', Cost: '$0.0208' })
  })
})
