// Filters of the board, kept in the view's address so they survive navigation and restart.
import { videoStatuses } from '#shared/api/videos'
import { searchTextLimit } from '#shared/ipc/routes/videos'
import { type RouteParams, setRouteParams } from '../../router.ts'
import { modeLabel, statusLabel } from './status.ts'

export const dateRanges: Record<string, { label: string; ms: number }> = {
  day: { label: 'Last 24 hours', ms: 86_400_000 },
  week: { label: 'Last 7 days', ms: 7 * 86_400_000 },
  month: { label: 'Last 30 days', ms: 30 * 86_400_000 },
}

export function FilterBar(props: {
  params: RouteParams<'/videos'>
  models: string[]
  /** Jobs the filters match; null while main is still counting them. */
  count: number | null
}) {
  const status = props.params.status ?? ''
  return (
    <search className="filter-bar" aria-label="Filter jobs">
      <div className="segmented" role="radiogroup" aria-label="Status">
        {(['', ...videoStatuses] as const).map((value) => (
          <label key={value || 'all'} className="segmented__option">
            <input
              type="radio"
              name="status"
              checked={status === value}
              onChange={() => setRouteParams('/videos', { status: value })}
            />
            {value ? statusLabel[value as keyof typeof statusLabel] : 'All'}
          </label>
        ))}
      </div>
      <input
        type="search"
        maxLength={searchTextLimit}
        aria-label="Search prompts"
        placeholder="Search prompts"
        spellCheck={false}
        defaultValue={props.params.q ?? ''}
        onChange={(event) => setRouteParams('/videos', { q: event.target.value })}
      />
      <select
        aria-label="Model"
        value={props.params.model ?? ''}
        onChange={(event) => setRouteParams('/videos', { model: event.target.value })}
      >
        <option value="">All models</option>
        {props.models.map((model) => (
          <option key={model} value={model}>
            {model}
          </option>
        ))}
      </select>
      <select
        aria-label="Mode"
        value={props.params.mode ?? ''}
        onChange={(event) => setRouteParams('/videos', { mode: event.target.value })}
      >
        <option value="">All modes</option>
        {Object.entries(modeLabel).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
      <select
        aria-label="Created"
        value={props.params.since ?? ''}
        onChange={(event) => setRouteParams('/videos', { since: event.target.value })}
      >
        <option value="">Any time</option>
        {Object.entries(dateRanges).map(([value, range]) => (
          <option key={value} value={value}>
            {range.label}
          </option>
        ))}
      </select>
      <span className="filter-bar__count" role="status">
        {props.count === null
          ? '… jobs'
          : props.count === 1
            ? '1 job'
            : `${props.count.toLocaleString('en-US')} jobs`}
      </span>
    </search>
  )
}
