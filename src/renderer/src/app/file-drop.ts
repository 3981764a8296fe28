// A file dropped anywhere on the window (and not on a drop zone that took it) opens the tool for it: an image
// on the Images canvas, a questionnaire in Decisions, CSV, JSONL or text lines as a Decisions batch. The code
// that reads each kind of file loads with the first drop, not with the window.
import { useEffect, useState } from 'react'
import { navigate, pathTo } from '../router.ts'

export async function openDroppedFile(file: File): Promise<void> {
  const [
    { batchSourceOf, readQuestionnaireFile, openAsBatchInputs },
    { useQuestionnaire },
    { importImageFile },
  ] = await Promise.all([
    import('../features/decisions/files.ts'),
    import('../features/decisions/store.ts'),
    import('../features/images/queries.ts'),
  ])
  if (file.type.startsWith('image/')) {
    const record = await importImageFile(file)
    navigate(pathTo('/images', { source: record.id }))
    return
  }
  if (/\.(json|gdq)$/i.test(file.name)) {
    useQuestionnaire.getState().load(await readQuestionnaireFile(file))
    navigate(pathTo('/decisions'))
    return
  }
  const source = batchSourceOf(file.name)
  if (source) {
    // Read in the encoding it was saved in, and refused by its size before a byte of it is read.
    await openAsBatchInputs(file, source)
    navigate(pathTo('/decisions', { view: 'batch' }))
    return
  }
  throw new Error(
    `${file.name} is not something the app opens: drop a PNG or JPEG image, a questionnaire (.gdq or .json), or batch inputs (.csv, .jsonl, .txt).`,
  )
}

/** Listens for drops on the window; returns the last problem to show. */
export function useFileDrop(): { problem: string | null; dismiss: () => void } {
  const [problem, setProblem] = useState<string | null>(null)
  useEffect(() => {
    const onDragOver = (event: DragEvent) => {
      if (event.dataTransfer?.types.includes('Files')) event.preventDefault()
    }
    const onDrop = (event: DragEvent) => {
      // A drop zone that took the file has said so; either way the window never navigates to the file.
      const taken = event.defaultPrevented
      event.preventDefault()
      const file = event.dataTransfer?.files[0]
      if (taken || !file) return
      setProblem(null)
      openDroppedFile(file).catch((error: Error) => setProblem(error.message))
    }
    window.addEventListener('dragover', onDragOver)
    window.addEventListener('drop', onDrop)
    return () => {
      window.removeEventListener('dragover', onDragOver)
      window.removeEventListener('drop', onDrop)
    }
  }, [])
  return { problem, dismiss: () => setProblem(null) }
}
