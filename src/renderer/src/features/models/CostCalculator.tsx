// What a call costs on this model: token counts typed in or taken from a saved workload, priced exactly per call
// and per 1,000 calls; workloads can be saved for next time.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { type PriceName, priceNames } from '#shared/domain/catalog'
import { emptyWorkload, type Workload, workloadCost } from '#shared/domain/catalog-view'
import { ErrorNote } from '../../components/ErrorNote.tsx'
import { formatUsd } from '../../format.ts'
import { invoke, queryKeys, sharedQueries } from '../../ipc.ts'
import { priceLabels } from './queries.ts'

export function CostCalculator({ prices }: { prices: Record<PriceName, string | null> }) {
  const preferences = useQuery(sharedQueries.preferences)
  const client = useQueryClient()
  const [workload, setWorkload] = useState<Workload>(emptyWorkload)
  const [name, setName] = useState('')
  const saved = preferences.data?.workloads ?? []
  const save = useMutation({
    mutationFn: () =>
      invoke('preferences.update', {
        workloads: [...saved.filter((w) => w.name !== name.trim()), { name: name.trim(), tokens: workload }],
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.preferences() }),
  })
  const cost = workloadCost(prices, workload)
  return (
    <section className="cost-calculator inset" aria-label="Cost calculator">
      <h3>Cost of a call</h3>
      {saved.length ? (
        <label className="field">
          <span className="field__label">Saved workload</span>
          <select
            value=""
            onChange={(event) => {
              const found = saved.find((w) => w.name === event.target.value)
              if (found) {
                setWorkload(found.tokens)
                setName(found.name)
              }
            }}
          >
            <option value="">Choose one…</option>
            {saved.map((w) => (
              <option key={w.name} value={w.name}>
                {w.name}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <div className="cost-calculator__tokens">
        {priceNames.map((price) => (
          <label key={price} className="field">
            <span className="field__label">{priceLabels[price]} tokens</span>
            <input
              type="number"
              min={0}
              value={workload[price] || ''}
              placeholder="0"
              onChange={(event) =>
                setWorkload({
                  ...workload,
                  [price]: Math.max(0, Math.floor(Number(event.target.value) || 0)),
                })
              }
            />
          </label>
        ))}
      </div>
      <p className="cost-calculator__result" aria-live="polite">
        <strong>{formatUsd(cost.perCall)}</strong> per call · <strong>{formatUsd(cost.perThousand)}</strong>{' '}
        per 1,000 calls
      </p>
      {cost.unpriced.length ? (
        <p className="field-error">
          This model quotes no price for {cost.unpriced.map((p) => priceLabels[p].toLowerCase()).join(' or ')}{' '}
          tokens; they are left out.
        </p>
      ) : null}
      <div className="field-row">
        <input
          aria-label="Workload name"
          placeholder="Name this workload"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <button type="button" className="button" disabled={!name.trim()} onClick={() => save.mutate()}>
          Save workload
        </button>
      </div>
      <ErrorNote error={save.error} />
    </section>
  )
}
