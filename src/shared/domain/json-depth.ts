// Nesting depth of a JSON value: a scalar is 0, `{}` and `[]` are 1, `{"a": []}` is 2. Iterative, so a
// hostile document cannot overflow the stack.
export function jsonDepth(value: unknown): number {
  let deepest = 0
  const stack: [unknown, number][] = [[value, 0]]
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!
    if (current === null || typeof current !== 'object') {
      deepest = Math.max(deepest, depth)
      continue
    }
    const children = Array.isArray(current) ? current : Object.values(current)
    if (children.length === 0) deepest = Math.max(deepest, depth + 1)
    for (const child of children) stack.push([child, depth + 1])
  }
  return deepest
}
