// Why a service could not be reached, in words a person can act on: what happened first ("Connection refused"),
// then what it means and what to try. undici says only "fetch failed"; the reason is in its cause: a system code
// (ENOTFOUND, ECONNREFUSED, …), the first of several when every address of a name was tried, or words of its own.

interface Reason {
  /** What happened, as a person says it. */
  said: string
  what: string
  hint: string
}

const cut: Reason = {
  said: 'Connection cut',
  what: 'the connection was cut before the service answered',
  hint: 'Try again; if it keeps happening, a proxy or firewall may be closing it.',
}
const timedOut: Reason = {
  said: 'Connection timed out',
  what: 'nothing answered at that address',
  hint: 'Check your connection; a firewall may be blocking the address.',
}
const untrusted = (what: string): Reason => ({
  said: 'Certificate not trusted',
  what,
  hint: 'Use an address with a certificate from a trusted authority.',
})
const notHttps: Reason = {
  said: 'Secure connection failed',
  what: 'that port does not speak HTTPS',
  hint: 'Check the port in the address: it may be the service’s plain HTTP one.',
}

const reasons: Record<string, Reason> = {
  ENOTFOUND: {
    said: 'Name not found',
    what: 'no computer answers to that name',
    hint: 'Check the spelling of the address, or your connection to the internet.',
  },
  EAI_AGAIN: {
    said: 'Name lookup failed',
    what: 'the name could not be looked up just now',
    hint: 'Check your connection to the internet, then try again.',
  },
  ECONNREFUSED: {
    said: 'Connection refused',
    what: 'nothing is listening at that address and port',
    hint: 'Check the port in the address, and that the service is running.',
  },
  ECONNRESET: cut,
  EPIPE: cut,
  // undici's code for a connection the other side closed before it answered.
  UND_ERR_SOCKET: cut,
  ETIMEDOUT: timedOut,
  // undici gives up connecting after 10 seconds with this code of its own.
  UND_ERR_CONNECT_TIMEOUT: timedOut,
  EHOSTUNREACH: {
    said: 'Host unreachable',
    what: 'that network cannot be reached',
    hint: 'Check your connection or VPN.',
  },
  ENETUNREACH: {
    said: 'Network unreachable',
    what: 'no network is connected',
    hint: 'Check your connection or VPN.',
  },
  CERT_HAS_EXPIRED: {
    said: 'Certificate expired',
    what: 'the service’s certificate is out of date',
    hint: 'The service must renew its certificate; the app does not connect without a valid one.',
  },
  DEPTH_ZERO_SELF_SIGNED_CERT: untrusted('it is self-signed'),
  SELF_SIGNED_CERT_IN_CHAIN: untrusted('it is not from a trusted authority'),
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: untrusted('it could not be checked'),
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: untrusted('it could not be checked'),
  ERR_TLS_CERT_ALTNAME_INVALID: {
    said: 'Certificate for another name',
    what: 'the certificate is not for this address',
    hint: 'Check that the address is the service’s own.',
  },
  // An https:// address on a port that answers plain HTTP.
  ERR_SSL_WRONG_VERSION_NUMBER: notHttps,
  EPROTO: notHttps,
}

/** undici's words for a port fetch never connects to (9, 25, 6667…: kept for other protocols by the standard). */
const badPort = 'bad port'

type Cause = { code?: unknown; message?: unknown; errors?: unknown }

/**
 * What a failed fetch's cause says: its system code, or the code of the first address tried when every address
 * of a name was (an AggregateError), else its own words; '' when it says nothing beyond "fetch failed".
 */
export function failureCause(error: unknown): string {
  const cause = (error as { cause?: Cause } | null)?.cause
  const first = Array.isArray(cause?.errors) ? (cause.errors[0] as Cause | undefined) : undefined
  const code = [cause?.code, first?.code].find((value) => typeof value === 'string' && value !== '')
  if (typeof code === 'string') return code
  const words = [cause?.message, first?.message].find((value) => typeof value === 'string' && value.trim())
  if (typeof words === 'string') return words.trim()
  const own = error instanceof Error ? error.message : ''
  return own === 'fetch failed' ? '' : own
}

const isCode = (cause: string) => /^[A-Z][A-Z0-9_]+$/.test(cause)

/** The message and hint for a failed connection to `host` (host and port), given its `failureCause`. */
export function unreachableText(host: string, cause: string): { message: string; hint: string } {
  const known = reasons[cause]
  if (known)
    return { message: `Could not reach ${host}. ${known.said}: ${known.what} (${cause}).`, hint: known.hint }
  if (cause === badPort) {
    const port = host.includes(':') ? host.slice(host.lastIndexOf(':') + 1) : 'that'
    return {
      message: `Could not reach ${host}. Port blocked: the app never connects to port ${port}, which is kept for another protocol.`,
      hint: 'Use the port the service listens on.',
    }
  }
  const told = !cause ? '' : isCode(cause) ? ` (${cause})` : `: ${cause.slice(0, 200).replace(/\.$/, '')}`
  return {
    message: `Could not reach ${host}. The connection failed${told}.`,
    hint: 'Check the address of this profile and your connection.',
  }
}
