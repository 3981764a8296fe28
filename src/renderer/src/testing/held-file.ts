// A file whose bytes come when a test says: a large file, or a slow disk, while the page opens it.
export function heldFile(parts: BlobPart[], name: string, options?: FilePropertyBag) {
  let arrive = () => {}
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve
  })
  class HeldFile extends File {
    override async arrayBuffer() {
      await arrived
      return super.arrayBuffer()
    }
  }
  return { file: new HeldFile(parts, name, options), arrive }
}
