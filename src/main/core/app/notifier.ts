// The app's notifications: each one opens what it is about when clicked (a job, a batch), a finished video can
// be shown in its folder, and what ends together is said together — a burst of ten jobs finishing is one
// notification, not ten. Each kind can be turned off in Settings.
import type { AppNotification, Platform } from '../platform.ts'

export type NotificationKind = 'videos' | 'batches' | 'budgets'

export interface Notice extends AppNotification {
  kind: NotificationKind
  /** What the notice is about, for the one that stands for a burst ("3 videos ready"). */
  noun: { one: string; many: string }
  /** What it says happened, for the burst's title ("ready", "failed"). */
  outcome: string
  /** Where a burst of this kind opens. */
  listPath: string
}

/** How long after a first notice others are gathered with it. */
export const burstMs = 1500

export function createNotifier(deps: {
  platform: Pick<Platform, 'notify'>
  enabled: (kind: NotificationKind) => boolean
}) {
  const waiting = new Map<NotificationKind, Notice[]>()
  const timer = new Map<NotificationKind, ReturnType<typeof setTimeout>>()

  function flush(kind: NotificationKind): void {
    timer.delete(kind)
    const notices = waiting.get(kind) ?? []
    waiting.delete(kind)
    const [first] = notices
    if (!first) return
    if (notices.length === 1) {
      const { kind: _k, noun: _n, outcome: _o, listPath: _l, ...one } = first
      deps.platform.notify(one)
      return
    }
    // One notice for the burst: how many of each outcome, the first few by name, and the list to open.
    const counts = new Map<string, number>()
    for (const notice of notices) counts.set(notice.outcome, (counts.get(notice.outcome) ?? 0) + 1)
    const title = [...counts]
      .map(([outcome, count]) => `${count} ${count === 1 ? first.noun.one : first.noun.many} ${outcome}`)
      .join(', ')
    const names = notices.slice(0, 3).map((notice) => notice.body)
    deps.platform.notify({
      title: title.charAt(0).toUpperCase() + title.slice(1),
      body: `${names.join(' · ')}${notices.length > 3 ? ` and ${notices.length - 3} more` : ''}`,
      path: first.listPath,
    })
  }

  return {
    notify(notice: Notice): void {
      if (!deps.enabled(notice.kind)) return
      const list = waiting.get(notice.kind) ?? []
      list.push(notice)
      waiting.set(notice.kind, list)
      if (!timer.has(notice.kind))
        timer.set(
          notice.kind,
          setTimeout(() => flush(notice.kind), burstMs),
        )
    },
    /** Says what is gathered now (the app is quitting). */
    flush(): void {
      for (const [kind, pending] of timer) {
        clearTimeout(pending)
        flush(kind)
      }
    },
  }
}

export type Notifier = ReturnType<typeof createNotifier>

const stoppedTitles = {
  capped: 'Batch stopped at its spend cap',
  over_budget: 'Batch stopped at the budget',
  unreachable: 'Batch stopped: the service could not be reached',
}

/** A batch that ended: done, or stopped at its spend cap, its budget, or a service that did not answer. */
export function batchNotice(batch: {
  id: string
  name: string
  status: 'done' | 'capped' | 'over_budget' | 'unreachable'
  failed: number
}): Notice {
  const capped = batch.status !== 'done'
  return {
    kind: 'batches',
    title:
      batch.status !== 'done'
        ? stoppedTitles[batch.status]
        : batch.failed
          ? 'Batch done, with failed rows'
          : 'Batch done',
    body: batch.name,
    path: `/decisions?view=batch&batch=${encodeURIComponent(batch.id)}`,
    noun: { one: 'batch', many: 'batches' },
    outcome: capped ? 'stopped at the cap' : 'done',
    listPath: '/decisions?view=batch',
  }
}

/** A profile past most of a budget: said once a period, opening the spending in Settings. */
export function budgetNotice(notice: { title: string; body: string }): Notice {
  return {
    kind: 'budgets',
    ...notice,
    path: '/settings?section=spend',
    noun: { one: 'budget', many: 'budgets' },
    outcome: 'nearly used',
    listPath: '/settings?section=spend',
  }
}
