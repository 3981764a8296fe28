// Before the specs: one temporary folder for the whole run (removed after it), and the built app packed
// as electron-builder packs it, for the `packaged` project.
import startRunTempFolder from '../scripts/testing/temp-folder.ts'
import { stagePackagedApp } from './electron/stage.ts'
import { stagedFolder } from './fixtures/packaged.ts'

export default function globalSetup(): () => void {
  const removeTempFolder = startRunTempFolder()
  stagePackagedApp(stagedFolder)
  return removeTempFolder
}
