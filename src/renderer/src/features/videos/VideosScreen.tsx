// Videos: the board of every job, newest first, filtered by the view's address; a panel for the selected
// job, the create form, or the webhook receiver and tunnel.
import { useMemo, useState } from 'react'
import type { VideoStatus } from '#shared/api/videos'
import { EmptyState } from '../../components/EmptyState.tsx'
import { ErrorNote } from '../../components/ErrorNote.tsx'
import { ScreenHeader } from '../../components/ScreenHeader.tsx'
import { VirtualList } from '../../components/VirtualList.tsx'
import { setRouteParams, useRouteParams } from '../../router.ts'
import { CreateVideoForm } from './CreateVideoForm.tsx'
import { dateRanges, FilterBar } from './FilterBar.tsx'
import { JobCard, jobCardHeight } from './JobCard.tsx'
import { JobDetail } from './JobDetail.tsx'
import { useNow, useTunnel, useVideoJobs, useVideoModels } from './queries.ts'
import { WebhookPanel } from './WebhookPanel.tsx'
import './videos.css'

export function VideosScreen() {
  const params = useRouteParams()
  const since = dateRanges[params.get('since') ?? '']
  // Round the window's start to the minute so the query key stays put while the person looks.
  const sinceAt = since ? Math.floor((Date.now() - since.ms) / 60_000) * 60_000 : undefined
  const filter = {
    ...(params.get('status') ? { status: params.get('status') as VideoStatus } : {}),
    ...(params.get('model') ? { model: params.get('model') as string } : {}),
    ...(params.get('mode') ? { mode: params.get('mode') as string } : {}),
    ...(params.get('q') ? { text: params.get('q') as string } : {}),
    ...(sinceAt !== undefined ? { since: sinceAt } : {}),
  }
  const jobs = useVideoJobs(filter)
  const models = useVideoModels()
  const tunnel = useTunnel()
  const list = jobs.data?.jobs ?? []
  const now = useNow(list.some((job) => job.status === 'pending'))
  const selected = params.get('job')
  const panel = params.get('panel')
  const [duplicate, setDuplicate] = useState<unknown>(undefined)
  const modelIds = useMemo(() => models.data?.map((m) => m.id) ?? [], [models.data])
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
              onClick={() => setRouteParams({ panel: panel === 'webhooks' ? null : 'webhooks', job: null })}
            >
              Webhooks
            </button>
            <button
              type="button"
              className="button button--primary"
              onClick={() => {
                setDuplicate(undefined)
                setRouteParams({ panel: 'new', job: null })
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
      <FilterBar params={params} models={modelIds} count={list.length} />
      <div className="videos__body">
        <div className="videos__board">
          <ErrorNote error={jobs.error} />
          {jobs.isSuccess && list.length === 0 ? (
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
              items={list}
              rowHeight={jobCardHeight + 8}
              label="Video jobs"
              getKey={(job) => job.id}
              renderRow={(job) => (
                <JobCard
                  job={job}
                  now={now}
                  selected={job.id === selected}
                  onOpen={() => setRouteParams({ job: job.id, panel: null })}
                />
              )}
            />
          )}
        </div>
        {panel === 'new' ? (
          <div className="videos__panel">
            <CreateVideoForm
              key={JSON.stringify(duplicate ?? params.get('use')).slice(0, 200)}
              initial={duplicate ?? (params.get('use') ? { model: params.get('use') } : undefined)}
              onCreated={(id) => setRouteParams({ panel: null, job: id })}
              onClose={() => setRouteParams({ panel: null })}
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
                setRouteParams({ panel: 'new', job: null })
              }}
            />
          </div>
        ) : null}
      </div>
    </div>
  )
}
