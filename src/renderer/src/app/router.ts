// The view's address lives in the URL hash (`#/videos?status=failed`), so it survives reloads and can be
// restored; this is the only code that reads or writes it.
import { useSyncExternalStore } from 'react'

function currentPath(): string {
  const hash = window.location.hash.replace(/^#/, '')
  return hash.startsWith('/') ? hash : '/'
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange)
  return () => window.removeEventListener('hashchange', onChange)
}

export function useRoutePath(): string {
  return useSyncExternalStore(subscribe, currentPath)
}

export function navigate(path: string): void {
  if (currentPath() !== path) window.location.hash = path
}
