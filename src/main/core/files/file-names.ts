// The file name a save dialog suggests for something the person made: its prompt or name, with only letters,
// digits, spaces and dashes kept, cut to a readable length, or a plain word when nothing is left.
export function suggestedFileName(text: string, fallback: string, extension: string): string {
  const stem =
    text
      .replace(/[^\w -]+/g, '')
      .trim()
      .slice(0, 60) || fallback
  return `${stem}.${extension}`
}
