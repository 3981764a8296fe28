// Why a service could not be reached, in words a person can act on: the system's error codes (ENOTFOUND,
// ECONNREFUSED, …) said as what they mean and what to try.

const reasons: Record<string, { what: string; hint: string }> = {
  ENOTFOUND: {
    what: 'no computer answers to that name',
    hint: 'Check the spelling of the address, or your connection to the internet.',
  },
  EAI_AGAIN: {
    what: 'the name could not be looked up just now',
    hint: 'Check your connection to the internet, then try again.',
  },
  ECONNREFUSED: {
    what: 'nothing is listening at that address and port',
    hint: 'Check the port in the address, and that the service is running.',
  },
  ECONNRESET: {
    what: 'the connection was cut',
    hint: 'Try again; if it keeps happening, a proxy or firewall may be closing it.',
  },
  // undici's code for a connection the other side closed before it answered.
  UND_ERR_SOCKET: {
    what: 'the connection was cut',
    hint: 'Try again; if it keeps happening, a proxy or firewall may be closing it.',
  },
  ETIMEDOUT: {
    what: 'the connection timed out',
    hint: 'Check your connection; a firewall may be blocking the address.',
  },
  EHOSTUNREACH: { what: 'that network cannot be reached', hint: 'Check your connection or VPN.' },
  ENETUNREACH: { what: 'no network is connected', hint: 'Check your connection or VPN.' },
  CERT_HAS_EXPIRED: {
    what: 'its certificate has expired',
    hint: 'The service must renew its certificate; the app does not connect without a valid one.',
  },
  DEPTH_ZERO_SELF_SIGNED_CERT: {
    what: 'its certificate is self-signed',
    hint: 'Use an address with a certificate from a trusted authority.',
  },
  SELF_SIGNED_CERT_IN_CHAIN: {
    what: 'its certificate is not from a trusted authority',
    hint: 'Use an address with a certificate from a trusted authority.',
  },
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: {
    what: 'its certificate could not be checked',
    hint: 'Use an address with a certificate from a trusted authority.',
  },
  ERR_TLS_CERT_ALTNAME_INVALID: {
    what: 'its certificate is for another name',
    hint: 'Check that the address is the service’s own.',
  },
}

/** The message and hint for a failed connection to `host`, given the system's error code (or a message). */
export function unreachableText(host: string, cause: string): { message: string; hint: string } {
  const known = reasons[cause]
  return known
    ? { message: `Could not reach ${host}: ${known.what} (${cause}).`, hint: known.hint }
    : {
        message: `Could not reach ${host} (${cause}).`,
        hint: 'Check the address of this profile and your connection.',
      }
}
