// The request target of an HTTP request as a URL, for every server of the app and the sandbox. Only the
// origin form (`/path?query`) is accepted: it is appended to the server's own origin, so `//host/` stays a
// path and never names another host; anything else (`*`, an absolute URL, garbage) is null, answered 400.

export function requestTarget(target: string | undefined, origin: string): URL | null {
  if (!target?.startsWith('/')) return null
  try {
    return new URL(`${origin}${target}`)
  } catch {
    return null
  }
}
