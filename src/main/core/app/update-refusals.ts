// Why an update was refused, from electron-updater's errors, in words a person can act on.

/** electron-updater's errors, said as what they mean for the person. */
export function refusalOf(error: Error): string {
  const text = `${error.message}`
  if (/sha512 checksum mismatch/i.test(text))
    return 'The downloaded update did not match the checksum its feed published, so it was not installed.'
  if (/Cannot find (latest|channel)|404/i.test(text)) return 'The update feed has no version for this system.'
  if (/ENOTFOUND|ECONNREFUSED|ETIMEDOUT|net::|EAI_AGAIN|socket hang up/i.test(text))
    return 'The update feed could not be reached. The app will try again tomorrow, or check now in Settings.'
  return `The update was refused: ${text.split('\n')[0]}`
}
