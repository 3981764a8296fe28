// Resolution hook: the bare specifier `electron` means the stand-in, from wherever the app imports it.
const standIn = new URL('./electron.ts', import.meta.url).href

export async function resolve(
  specifier: string,
  context: unknown,
  next: (specifier: string, context: unknown) => Promise<unknown>,
): Promise<unknown> {
  if (specifier === 'electron') return { url: standIn, shortCircuit: true }
  return next(specifier, context)
}
