// Values on the stand-in's IPC wire: structured-clone types (bytes, dates, maps, sets, undefined, big
// integers, non-finite numbers) carried inside JSON. The same two functions run in Node and, as source
// text, in the page's preload world, so they use nothing but the language.

export function encodeWire(value: unknown): unknown {
  const walk = (item: unknown): unknown => {
    if (item === undefined) return { $w: 'undefined' }
    if (typeof item === 'bigint') return { $w: 'bigint', v: item.toString() }
    if (typeof item === 'number' && !Number.isFinite(item)) return { $w: 'number', v: String(item) }
    if (item === null || typeof item !== 'object') return item
    if (item instanceof Date) return { $w: 'date', v: item.getTime() }
    if (ArrayBuffer.isView(item)) {
      const bytes = new Uint8Array(item.buffer, item.byteOffset, item.byteLength)
      return { $w: 'bytes', v: Array.from(bytes) }
    }
    if (item instanceof ArrayBuffer) return { $w: 'buffer', v: Array.from(new Uint8Array(item)) }
    if (item instanceof Map) return { $w: 'map', v: [...item].map(([k, v]) => [walk(k), walk(v)]) }
    if (item instanceof Set) return { $w: 'set', v: [...item].map(walk) }
    if (item instanceof Error) return { $w: 'error', v: item.message }
    if (Array.isArray(item)) return item.map(walk)
    const out: Record<string, unknown> = {}
    for (const [key, entry] of Object.entries(item)) {
      if (typeof entry === 'function' || typeof entry === 'symbol') continue
      out[key] = walk(entry)
    }
    return { $w: 'object', v: out }
  }
  return walk(value)
}

export function decodeWire(value: unknown): unknown {
  const walk = (item: unknown): unknown => {
    if (item === null || typeof item !== 'object') return item
    if (Array.isArray(item)) return item.map(walk)
    const tagged = item as { $w: string; v: unknown }
    switch (tagged.$w) {
      case 'undefined':
        return undefined
      case 'bigint':
        return BigInt(tagged.v as string)
      case 'number':
        return Number(tagged.v)
      case 'date':
        return new Date(tagged.v as number)
      case 'bytes':
        return new Uint8Array(tagged.v as number[])
      case 'buffer':
        return new Uint8Array(tagged.v as number[]).buffer
      case 'map':
        return new Map((tagged.v as [unknown, unknown][]).map(([k, v]) => [walk(k), walk(v)]))
      case 'set':
        return new Set((tagged.v as unknown[]).map(walk))
      case 'error':
        return new Error(tagged.v as string)
      default: {
        const out: Record<string, unknown> = {}
        for (const [key, entry] of Object.entries(tagged.v as Record<string, unknown>)) out[key] = walk(entry)
        return out
      }
    }
  }
  return walk(value)
}
