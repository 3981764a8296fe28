// Copy link: the gateway-desk:// link that opens this item again (from a chat, a terminal, a note), put on
// the clipboard by main; the button says once that it did.
import { useMutation } from '@tanstack/react-query'
import { invoke } from '../ipc.ts'

export function CopyLink({ path, what }: { path: string; what: string }) {
  const copy = useMutation({ mutationFn: () => invoke('app.copyLink', { path }) })
  return (
    <button
      type="button"
      className="button button--quiet button--small"
      aria-label={`Copy link to this ${what}`}
      title={copy.data?.link}
      onClick={() => copy.mutate()}
    >
      <span aria-live="polite">{copy.isSuccess ? 'Link copied' : 'Copy link'}</span>
    </button>
  )
}
