// Videos: the board of every job, newest first, filtered by the view's address; a panel for the selected
// job, the create form, or the webhook receiver and tunnel.

import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { searchReach, shortSearchReach } from '#shared/domain/prompt-search'
import { EmptyState } from '../../components/EmptyState.tsx'
import { ErrorNote } from '../../components/ErrorNote.tsx'
import { ScreenHeader } from '../../components/ScreenHeader.tsx'
import { VirtualList } from '../../components/VirtualList.tsx'
import { type RouteParams, setRouteParams, useRouteChange, useRouteParams } from '../../router.ts'
import { useNow } from '../../use-now.ts'
import { CreateVideoForm } from './CreateVideoForm.tsx'
import { dateRanges, FilterBar } from './FilterBar.tsx'
import { JobCard, jobCardHeight } from './JobCard.tsx'
import { JobDetail } from './JobDetail.tsx'
import { type BoardFilter, prefetchJobBoard, useJobBoard, useJobModels, useTunnel } from './queries.ts'
import { WebhookPanel } from './WebhookPanel.tsx'
import './videos.css'

/** No models yet: one array, so the filter bar does not render again for a new empty one. */
const noModels: string[] = []

/** The board's filter, as the address says. */
function boardFilterOf(params: RouteParams<'/videos'>): BoardFilter {
  const since = dateRanges[params.since ?? '']
  // Round the window's start to the minute so the query key stays put while the person looks.
  const sinceAt = since ? Math.floor((Date.now() - since.ms) / 60_000) * 60_000 : undefined
  return {
    ...(params.status ? { status: params.status } : {}),
    ...(params.model ? { model: params.model } : {}),
    ...(params.mode ? { mode: params.mode } : {}),
    ...(params.q ? { text: params.q } : {}),
    ...(sinceAt !== undefined ? { since: sinceAt } : {}),
  }
}

export function VideosScreen() {
  const params = useRouteParams('/videos')
  const filter = boardFilterOf(params)
  const jobs = useJobBoard(filter)
  const client = useQueryClient()
  useRouteChange('/videos', (next) => void prefetchJobBoard(client, boardFilterOf(next)))
  // The filter's models and the form's are asked once the board has its jobs, so that the jobs never wait
  // behind them at start.
  const boardAnswered = jobs.isSuccess || jobs.error !== null
  const jobModels = useJobModels(boardAnswered)
  const tunnel = useTunnel()
  const now = useNow(jobs.loaded.some((job) => job.status === 'pending'))
  const selected = params.job
  const panel = params.panel
  const [duplicate, setDuplicate] = useState<unknown>(undefined)
  const modelIds = jobModels.data ?? noModels
  const filtered = Object.keys(filter).length > 0

  return (
    <div className="videos">
      <ScreenHeader
        title="Videos"
        subtitle="Every job you created, where it stands, and its result."
        actions={
          <>
            <button
              type="button"
              className="button"
              onClick={() =>
                setRouteParams('/videos', { panel: panel === 'webhooks' ? null : 'webhooks', job: null })
              }
            >
              Webhooks
            </button>
            <button
              type="button"
              className="button button--primary"
              onClick={() => {
                setDuplicate(undefined)
                setRouteParams('/videos', { panel: 'new', job: null })
              }}
            >
              New video
            </button>
          </>
        }
      />
      {tunnel.data?.droppedAt ? (
        <p className="notice" role="status">
          The tunnel went down: webhooks sent since then may have been missed. Polling keeps every job up to
          date.
        </p>
      ) : null}
      <FilterBar params={params} models={modelIds} count={jobs.head ? jobs.total : null} />
      {jobs.head?.searchLeftOut ? (
        <p className="muted videos__reach" role="status">
          {jobs.head.searchLeftOut === 'older matches'
            ? `More than ${searchReach.toLocaleString('en-US')} prompts match: the board shows the newest ${searchReach.toLocaleString('en-US')}. Add words to the search to reach older jobs.`
            : `One or two letters are looked for in the newest ${shortSearchReach.toLocaleString('en-US')} jobs only: type a third to search every job.`}
        </p>
      ) : null}
      <div className="videos__body">
        <div className="videos__board">
          <ErrorNote error={jobs.error} onRetry={() => jobs.refetch()} />
          {jobs.isSuccess && jobs.total === 0 ? (
            filtered ? (
              <p className="muted videos__none">No job matches these filters.</p>
            ) : (
              <EmptyState
                icon="videos"
                title="No video jobs yet"
                summary="Create a job from a prompt, frame images or references. The board shows where each job stands and learns the outcome the moment the service does."
                steps={[
                  'See the generation mode inferred as you add inputs',
                  'Receive webhooks on this computer, or fall back to polling',
                  'Play, download or duplicate any finished job',
                ]}
              />
            )
          ) : (
            <VirtualList
              count={jobs.total}
              rowHeight={jobCardHeight + 8}
              label="Video jobs"
              onRange={jobs.onRange}
              busy={jobs.busy}
              scrollKey={JSON.stringify([params.status, params.model, params.mode, params.q, params.since])}
              rowKey={(index) => jobs.jobAt(index)?.id ?? `row ${index}`}
              renderRow={(index) => {
                const job = jobs.jobAt(index)
                return job ? (
                  <JobCard
                    job={job}
                    now={now}
                    selected={job.id === selected}
                    onOpen={() => setRouteParams('/videos', { job: job.id, panel: null })}
                  />
                ) : (
                  <div className="job-card job-card--loading" aria-busy="true" />
                )
              }}
            />
          )}
        </div>
        {panel === 'new' ? (
          <div className="videos__panel">
            <CreateVideoForm
              key={JSON.stringify(duplicate ?? params.use ?? null).slice(0, 200)}
              initial={duplicate ?? (params.use ? { model: params.use } : undefined)}
              onCreated={(id) => setRouteParams('/videos', { panel: null, job: id })}
              onClose={() => setRouteParams('/videos', { panel: null })}
              modelsWanted={boardAnswered}
            />
          </div>
        ) : panel === 'webhooks' ? (
          <div className="videos__panel">
            <WebhookPanel />
          </div>
        ) : selected ? (
          <div className="videos__panel">
            <JobDetail
              id={selected}
              onDuplicate={(request) => {
                setDuplicate(request)
                setRouteParams('/videos', { panel: 'new', job: null })
              }}
            />
          </div>
        ) : null}
      </div>
    </div>
  )
}
