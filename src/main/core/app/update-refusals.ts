// Why an update was refused, from electron-updater's errors, in words a person can act on.

/** electron-updater's errors, said as what they mean for the person. */
export function refusalOf(error: Error): string {
  const text = `${error.message}`
  if (/sha512 checksum mismatch/i.test(text))
    return 'The downloaded update did not match the checksum its feed published, so it was not installed.'
  if (/Cannot find (latest|channel)|404/i.test(text)) return 'The update feed has no version for this system.'
  if (/ENOTFOUND|ECONNREFUSED|ETIMEDOUT|net::|EAI_AGAIN|socket hang up/i.test(text))
    return 'The update feed could not be reached. The app will try again tomorrow, or check now in Settings.'
  if (/valid semver|ERR_UPDATER_INVALID_VERSION/i.test(text))
    return 'The update feed gave a version that is not a version number, so nothing was downloaded.'
  // Anything else is the updater's words, which may quote the feed: they go to the log, and Settings says only
  // what this app checked, so a feed cannot write instructions into the window.
  return 'The update was refused; the app’s log says why.'
}

/** A version as the feed must give it: semantic, short, nothing else. */
export const isPlainVersion = (version: string) =>
  /^\d{1,6}\.\d{1,6}\.\d{1,6}(?:-[0-9A-Za-z.-]{1,40})?$/.test(version)
