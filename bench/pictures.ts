// A photo-like picture for the image benchmarks: a gradient with a little noise, as raw RGB (a flat colour
// would compress to nothing).
export function photoLike(side: number): Buffer {
  const raw = Buffer.alloc(side * side * 3)
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++) {
      const at = (y * side + x) * 3
      const noise = (x * 7919 + y * 104_729) % 17
      raw[at] = (x >> 4) + noise
      raw[at + 1] = (y >> 4) + noise
      raw[at + 2] = ((x + y) >> 5) + noise
    }
  return raw
}
