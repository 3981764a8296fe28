// The one rule for opening something outside the app: a plain https link, nothing else.
import { AppError, appErrorCodes } from '#shared/ipc/app-error'

export function checkExternalUrl(raw: string): URL {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw refused('That is not a valid link.')
  }
  if (url.protocol !== 'https:') throw refused('Only https links can be opened outside the app.')
  if (url.username || url.password) throw refused('Links with a user name or password are not opened.')
  return url
}

function refused(message: string): AppError {
  return new AppError({ code: appErrorCodes.refusedUrl, message })
}
