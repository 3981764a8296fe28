// A job card's accessible name reads its visible text in order, so voice control and screen readers agree.
import { describe, expect, it } from 'vitest'
import type { Bridge } from '#shared/ipc/bridge'
import type { VideoJobSummary } from '#shared/ipc/routes/videos'
import { renderInPage } from '../../test-page.tsx'
import { JobCard } from './JobCard.tsx'

const job = {
  id: 'vid_1',
  status: 'completed',
  prompt: 'A red kite over the harbour',
  model: 'lumen/motion-2',
  mode: 'text2video',
  createdAt: 1_000,
  updatedAt: 13_000,
  videoSeconds: 4,
  videoCost: '0.40',
  mediaUrl: null,
} as unknown as VideoJobSummary

const words = (text: string) => text.replace(/[,·]/g, ' ').split(/\s+/).filter(Boolean)

describe('a job card', () => {
  for (const status of ['completed', 'pending', 'cancelled'] as const) {
    it(`is named by its visible text when ${status}`, async () => {
      const page = await renderInPage(
        <JobCard
          job={{ ...job, status, videoSeconds: status === 'completed' ? 4 : null }}
          now={20_000}
          selected={false}
          onOpen={() => {}}
        />,
        { invoke: async () => ({ ok: false }), on: () => () => {} } as unknown as Bridge,
      )
      const card = page.container.querySelector('button') as HTMLButtonElement
      const visible = [...card.querySelectorAll('span')]
        .filter((span) => span.children.length === 0)
        .map((span) => span.textContent ?? '')
        .filter((text) => text !== '—')
        .join(' ')
      expect(words(card.getAttribute('aria-label') ?? '')).toEqual(words(visible))
      expect(card.getAttribute('aria-label')).toMatch(/^(Completed|Pending|Cancelled), A red kite/)
    })
  }
})
