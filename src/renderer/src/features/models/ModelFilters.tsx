// The browser's filters, kept in the view's address so they survive navigation and restart: the shared codec,
// under the parameter names /models declares (router.test.ts checks that every name it writes is one of them).

import { memo, useState } from 'react'
import {
  emptyFilter,
  type facetsOf,
  filterFromParams,
  filterToParams,
  type ModelFilter,
} from '#shared/domain/catalog-view'
import { type RouteChanges, type RouteParams, setRouteParams } from '../../router.ts'

export const filterOfRoute = (params: RouteParams<'/models'>): ModelFilter =>
  filterFromParams(new URLSearchParams(params as Record<string, string>))

export const routeOfFilter = (change: Partial<ModelFilter>): RouteChanges<'/models'> =>
  filterToParams(change) as RouteChanges<'/models'>

export function ModelFilters(props: {
  filter: ModelFilter
  /** The values each filter takes in this catalog (worked out in main, once per catalog). */
  facets: ReturnType<typeof facetsOf>
  /** Models in the catalog, and how many the filter shows (null while main is still counting them). */
  size: number
  count: number | null
}) {
  const { filter, facets } = props
  const set = (change: Partial<ModelFilter>) => setRouteParams('/models', routeOfFilter(change))
  const active = Object.values(routeOfFilter(filter)).some((value) => value !== null)
  return (
    <search className="model-filters" aria-label="Filter models">
      <TextFilter
        label="Search"
        className="model-filters__text"
        type="search"
        placeholder="id, name or description"
        value={filter.text}
        onChange={(text) => set({ text })}
      />
      <FacetSelect label="Provider" name="provider" value={filter.provider} values={facets.providers} />
      <FacetSelect label="Reads" name="input" value={filter.input} values={facets.inputs} />
      <FacetSelect label="Writes" name="output" value={filter.output} values={facets.outputs} />
      <FacetSelect label="Parameter" name="parameter" value={filter.parameter} values={facets.parameters} />
      <label className="field">
        <span className="field__label">Role</span>
        <select
          value={filter.role}
          onChange={(event) => set({ role: event.target.value as ModelFilter['role'] })}
        >
          <option value="">Any</option>
          <option value="decision">Decision</option>
          <option value="image">Image</option>
          <option value="video">Video</option>
          <option value="chat">Chat</option>
        </select>
      </label>
      <TextFilter
        label="Min context (tokens)"
        type="number"
        value={filter.minContext === null ? '' : String(filter.minContext)}
        onChange={(text) => set({ minContext: Number(text) > 0 ? Number(text) : null })}
      />
      <TextFilter
        label="Max prompt $/1M"
        placeholder="any"
        value={filter.maxPrice}
        onChange={(text) => {
          const value = text.trim()
          if (value === '' || /^\d+(\.\d+)?$/.test(value)) set({ maxPrice: value })
        }}
      />
      <span className="muted model-filters__count" aria-live="polite">
        {props.count === null ? '…' : props.count.toLocaleString('en-US')} of{' '}
        {props.size.toLocaleString('en-US')} models
        {active ? (
          <>
            {' · '}
            <button
              type="button"
              className="link-button"
              onClick={() => setRouteParams('/models', routeOfFilter(emptyFilter))}
            >
              Clear filters
            </button>
          </>
        ) : null}
      </span>
    </search>
  )
}

/**
 * One facet's select. Memoized: a catalog's facets can hold hundreds of values, and a controlled select walks
 * all its options on every render, so typing in the search field must not render it again.
 */
const FacetSelect = memo(function FacetSelect(props: {
  label: string
  name: 'provider' | 'input' | 'output' | 'parameter'
  value: string
  values: string[]
}) {
  return (
    <label className="field">
      <span className="field__label">{props.label}</span>
      <select
        value={props.value}
        onChange={(event) => setRouteParams('/models', routeOfFilter({ [props.name]: event.target.value }))}
      >
        <option value="">Any</option>
        {props.values.map((value) => (
          <option key={value} value={value}>
            {value}
          </option>
        ))}
      </select>
    </label>
  )
})

/** A text field typed locally (the address updates a moment later) that follows the address when it changes. */
function TextFilter(props: {
  label: string
  className?: string
  value: string
  onChange: (text: string) => void
  type?: 'search' | 'number'
  placeholder?: string
}) {
  const [text, setText] = useState(props.value)
  const [seen, setSeen] = useState(props.value)
  if (props.value !== seen) {
    setSeen(props.value)
    if (props.value !== text) setText(props.value)
  }
  return (
    <label className={`field ${props.className ?? ''}`}>
      <span className="field__label">{props.label}</span>
      <input
        type={props.type ?? 'text'}
        inputMode={props.type === undefined ? 'decimal' : undefined}
        placeholder={props.placeholder}
        // Ids, numbers and prices: nothing a spelling check would underline rightly.
        spellCheck={false}
        value={text}
        onChange={(event) => {
          setText(event.target.value)
          props.onChange(event.target.value)
        }}
      />
    </label>
  )
}
