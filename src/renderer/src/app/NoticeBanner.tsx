// What main has to tell the person — a restored history, rows it could not read, keys kept in memory only —
// shown above every screen until dismissed (Settings keeps the full list).
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { sharedQueries } from '../ipc.ts'
import { navigate, pathTo } from '../router.ts'

const shownAtOnce = 2

export function NoticeBanner({ hidden }: { hidden: boolean }) {
  const notices = useQuery(sharedQueries.notices)
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set())
  const open = (notices.data ?? []).filter((notice) => !dismissed.has(notice))
  if (hidden || open.length === 0) return null
  const dismiss = (which: readonly string[]) => setDismissed(new Set([...dismissed, ...which]))
  return (
    <section className="notice-banner" aria-label="Notices">
      {open.slice(0, shownAtOnce).map((notice) => (
        <p key={notice} className="notice" role="status">
          {notice}{' '}
          <button type="button" className="link-button" onClick={() => dismiss([notice])}>
            Dismiss
          </button>
        </p>
      ))}
      {open.length > shownAtOnce ? (
        <p className="notice-banner__more">
          {open.length - shownAtOnce} more.{' '}
          <button type="button" className="link-button" onClick={() => navigate(pathTo('/settings'))}>
            Read them all in Settings
          </button>{' '}
          <button type="button" className="link-button" onClick={() => dismiss(open)}>
            Dismiss all
          </button>
        </p>
      ) : null}
    </section>
  )
}
