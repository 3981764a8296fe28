// The Content-Security-Policy of the app's pages: sent as a header by whatever serves them (the app://
// protocol, the harness) and written into index.html as a meta tag at build time.
export const contentSecurityPolicy = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' media: data: blob:",
  "media-src 'self' media: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "object-src 'none'",
].join('; ')

/**
 * The policy as index.html's meta tag carries it: a browser ignores frame-ancestors there, and says so on every
 * load; the header that serves the page keeps it.
 */
export const metaContentSecurityPolicy = contentSecurityPolicy
  .split('; ')
  .filter((directive) => !directive.startsWith('frame-ancestors'))
  .join('; ')

/** The scheme and host the packaged app serves its pages from. */
export const appScheme = 'app'
export const appHost = 'gateway-desk'
export const appOrigin = `${appScheme}://${appHost}`
