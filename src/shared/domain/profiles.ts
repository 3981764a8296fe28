// The rules of a profile's fields, shown inline in Settings and enforced again in main.
const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]'])

export const profileMessages = {
  nameRequired: 'Give the profile a name.',
  nameTaken: 'Another profile already has this name.',
  nameTooLong: 'Keep the name under 60 characters.',
  urlInvalid: 'Enter the service address, such as https://gateway.example.com.',
  urlScheme: 'The address must start with https:// (http:// is allowed only for this computer).',
  urlCredentials: 'Put the API key in the key field, not in the address.',
  urlExtra: 'The address must not have a query or a fragment.',
} as const

/** The address normalized (no trailing slash), or the reason it cannot be used. */
export function checkBaseUrl(raw: string): { ok: true; url: string } | { ok: false; message: string } {
  let url: URL
  try {
    url = new URL(raw.trim())
  } catch {
    return { ok: false, message: profileMessages.urlInvalid }
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopbackHosts.has(url.hostname))) {
    return { ok: false, message: profileMessages.urlScheme }
  }
  if (url.username || url.password) return { ok: false, message: profileMessages.urlCredentials }
  if (url.search || url.hash) return { ok: false, message: profileMessages.urlExtra }
  return { ok: true, url: `${url.origin}${url.pathname.replace(/\/+$/, '')}` }
}

export function checkProfileName(name: string, otherNames: string[]): string | null {
  const trimmed = name.trim()
  if (!trimmed) return profileMessages.nameRequired
  if (trimmed.length > 60) return profileMessages.nameTooLong
  if (otherNames.some((other) => other.toLowerCase() === trimmed.toLowerCase()))
    return profileMessages.nameTaken
  return null
}
