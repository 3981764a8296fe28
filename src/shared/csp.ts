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

/** The scheme and host the packaged app serves its pages from. */
export const appScheme = 'app'
export const appHost = 'gateway-desk'
export const appOrigin = `${appScheme}://${appHost}`
