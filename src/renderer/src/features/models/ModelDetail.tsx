// One model: every field, where the listing styles disagree, the raw object in each style side by side, what a
// call costs, "Use in …", an expiration warning, and a refresh from the single-model routes.
import { useRef, useState } from 'react'
import { billedPerSecond, daysToExpiry, listingStyles, priceNames } from '#shared/domain/catalog'
import { useCatalogModel } from '../../catalog.ts'
import { useCommands } from '../../commands.ts'
import { CodeBlock } from '../../components/CodeBlock.tsx'
import { CopyLink } from '../../components/CopyLink.tsx'
import { ErrorNote } from '../../components/ErrorNote.tsx'
import { useDismiss } from '../../components/use-dismiss.ts'
import { formatDateTime, formatPricePerMillion, formatPricePerSecond, tokensPhrase } from '../../format.ts'
import { navigate, pathTo, setRouteParams, useRouteParams } from '../../router.ts'
import { CostCalculator } from './CostCalculator.tsx'
import { priceLabels, useInPaths } from './queries.ts'

const styleLabels = {
  unified: 'Unified',
  generative: 'Generative-native',
  messages: 'Message-native',
} as const

export function ModelDetail({ id }: { id: string }) {
  const [fresh, setFresh] = useState(false)
  const detail = useCatalogModel(id, fresh)
  const panel = useRef<HTMLElement>(null)
  useDismiss(panel, () => setRouteParams('/models', { model: null }))
  const model = detail.data?.model
  const days = model ? daysToExpiry(model.expirationDate, Date.now()) : null
  const compared = (useRouteParams('/models').compare ?? '').split(',').filter(Boolean)
  useCommands({
    'models.compareThis': {
      run: () =>
        setRouteParams('/models', { compare: [...compared, id].slice(-4).join(','), view: 'compare' }),
      when: () => !compared.includes(id),
    },
  })
  return (
    <aside ref={panel} className="model-detail" aria-label={`Model ${id}`}>
      <header className="model-detail__head">
        <div>
          <h2>{model?.name ?? id}</h2>
          <p className="muted">{id}</p>
        </div>
        <CopyLink path={pathTo('/models', { model: id })} what="model" />
        <button
          type="button"
          className="button button--quiet"
          onClick={() => setRouteParams('/models', { model: null })}
        >
          Close
        </button>
      </header>
      <ErrorNote error={detail.error} onRetry={() => detail.refetch()} />
      {model ? (
        <>
          {days !== null && days <= 90 ? (
            <p className="notice" role="status">
              {days < 0
                ? `This model expired on ${model.expirationDate}; requests to it may fail.`
                : `This model expires on ${model.expirationDate}, in ${days} day${days === 1 ? '' : 's'}. Plan a move to another model.`}
            </p>
          ) : null}
          <p>{model.description}</p>
          <div className="form-actions">
            {model.roles.map((role) => (
              <button
                key={role}
                type="button"
                className="button button--primary"
                onClick={() => navigate(useInPaths[role].path(id))}
              >
                Use in {useInPaths[role].label}
              </button>
            ))}
            <button
              type="button"
              className="button"
              onClick={() => setFresh(true)}
              disabled={detail.isFetching}
            >
              {detail.isFetching ? 'Refreshing…' : 'Refresh this model'}
            </button>
            <button
              type="button"
              className="button button--quiet"
              onClick={() =>
                setRouteParams('/models', { view: 'provider', provider: model.provider, model: null })
              }
            >
              All {model.provider} models
            </button>
          </div>
          <p className="muted">
            {fresh ? 'Fetched from the single-model routes' : 'From the catalog fetched'}{' '}
            {detail.data ? formatDateTime(detail.data.fetchedAt) : ''} · listed in{' '}
            {model.styles.map((style) => styleLabels[style]).join(', ')}
          </p>
          <dl className="facts">
            <dt>Reads</dt>
            <dd>{model.inputModalities.join(', ')}</dd>
            <dt>Writes</dt>
            <dd>{model.outputModalities.join(', ')}</dd>
            <dt>Context</dt>
            <dd>{model.contextLength === null ? '—' : tokensPhrase(model.contextLength)}</dd>
            <dt>Max completion</dt>
            <dd>{model.maxCompletionTokens === null ? '—' : tokensPhrase(model.maxCompletionTokens)}</dd>
            {model.perSecond !== null ? (
              <>
                <dt>Video</dt>
                <dd>
                  {formatPricePerSecond(model.perSecond)} of video at 720p (other resolutions cost more or
                  less)
                </dd>
              </>
            ) : null}
            {billedPerSecond(model)
              ? null
              : priceNames.map((price) => (
                  <PriceFact key={price} label={priceLabels[price]} value={model.prices[price]} />
                ))}
            <dt>Moderated</dt>
            <dd>{model.moderated ? 'yes' : 'no'}</dd>
            <dt>Parameters</dt>
            <dd>{model.supportedParameters.join(', ') || '—'}</dd>
            <dt>Created</dt>
            <dd>{model.created ? formatDateTime(model.created * 1000) : '—'}</dd>
            <dt>Canonical slug</dt>
            <dd className="facts__path">{model.canonicalSlug}</dd>
            <dt>Expires</dt>
            <dd>{model.expirationDate ?? 'no date'}</dd>
          </dl>
          {model.disagreements.length ? (
            <section aria-label="Where the styles disagree">
              <h3>Where the listing styles disagree</h3>
              <table className="disagreements">
                <thead>
                  <tr>
                    <th>Field</th>
                    {listingStyles.map((style) => (
                      <th key={style}>{styleLabels[style]}</th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {model.disagreements.map((d) => (
                    <tr key={d.field}>
                      <td>{d.field}</td>
                      {listingStyles.map((style) => (
                        <td key={style}>
                          {d.values[style] === undefined ? '—' : JSON.stringify(d.values[style])}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          ) : null}
          {billedPerSecond(model) ? null : <CostCalculator prices={model.prices} />}
          <section aria-label="Raw objects">
            <h3>As each style lists it</h3>
            <div className="raw-styles">
              {listingStyles.map((style) => (
                <figure key={style} className="raw-styles__one">
                  <figcaption>{styleLabels[style]}</figcaption>
                  <CodeBlock>
                    {detail.data?.raw[style]
                      ? JSON.stringify(detail.data.raw[style], null, 2)
                      : 'Not listed in this style.'}
                  </CodeBlock>
                </figure>
              ))}
            </div>
          </section>
        </>
      ) : null}
    </aside>
  )
}

function PriceFact({ label, value }: { label: string; value: string | null }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>
        {value === null ? (
          'not quoted'
        ) : (
          <>
            {formatPricePerMillion(value)} per 1M tokens <span className="muted">(${value} per token)</span>
          </>
        )}
      </dd>
    </>
  )
}
