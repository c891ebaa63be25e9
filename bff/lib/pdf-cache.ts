/** The documents this process printed, by the digest of what they print (bff/lib/printing.ts). */
export type PdfCache = {
  /**
   * The PDF of `key`: the one kept, the one being made for an earlier request (they share it), or
   * a new one from `make`, kept when it succeeds (a failure is not kept: the next request tries again).
   */
  get(key: string, make: () => Promise<Uint8Array<ArrayBuffer>>): Promise<Uint8Array<ArrayBuffer>>
  /** What the kept PDFs weigh, in bytes. */
  readonly bytes: number
}

/**
 * Least recently used PDFs up to `maxBytes` in all; one larger than a quarter of that is handed
 * out and not kept, so a few large documents (a photo for a logo) cannot push out all the others.
 */
export function createPdfCache(maxBytes: number): PdfCache {
  // a Map iterates in insertion order: a hit is moved to the end, the first one is the least recent
  const kept = new Map<string, Uint8Array<ArrayBuffer>>()
  const making = new Map<string, Promise<Uint8Array<ArrayBuffer>>>()
  let bytes = 0

  const keep = (key: string, pdf: Uint8Array<ArrayBuffer>) => {
    if (pdf.byteLength > maxBytes / 4) return
    kept.set(key, pdf)
    bytes += pdf.byteLength
    for (const [oldest, old] of kept) {
      if (bytes <= maxBytes) break
      kept.delete(oldest)
      bytes -= old.byteLength
    }
  }

  return {
    get(key, make) {
      const hit = kept.get(key)
      if (hit) {
        kept.delete(key)
        kept.set(key, hit)
        return Promise.resolve(hit)
      }
      const pending = making.get(key)
      if (pending) return pending
      const made = make().then(
        (pdf) => {
          making.delete(key)
          keep(key, pdf)
          return pdf
        },
        (error: unknown) => {
          making.delete(key)
          throw error
        },
      )
      making.set(key, made)
      return made
    },
    get bytes() {
      return bytes
    },
  }
}
