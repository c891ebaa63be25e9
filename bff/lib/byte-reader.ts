import { joinBytes } from '../../domain/bytes.ts'

/**
 * Bytes held in parts (an upload's chunks as they came, or one array), read front to back without
 * copying them: a walk through an image's chunks or segments costs what it skips, never the file.
 */
export function byteReader(parts: Uint8Array[]) {
  let part = 0
  let at = 0
  return {
    /** The next `n` bytes as views of the parts they lie in, or null (nothing taken) when fewer are left. */
    take(n: number): Uint8Array[] | null {
      const [startPart, startAt] = [part, at]
      const out: Uint8Array[] = []
      while (n > 0 && part < parts.length) {
        const bytes = parts[part]
        const k = Math.min(n, bytes.length - at)
        if (k > 0) out.push(bytes.subarray(at, at + k))
        at += k
        n -= k
        if (at >= bytes.length) [part, at] = [part + 1, 0]
      }
      if (n > 0) [part, at] = [startPart, startAt]
      return n > 0 ? null : out
    },
    /** The next `n` bytes as one array (a copy only when they straddle parts), or null when fewer are left. */
    read(n: number): Uint8Array | null {
      const views = this.take(n)
      return views && (views.length === 1 ? views[0] : joinBytes(views))
    },
    /** The parts from here to the end, as views. */
    rest(): Uint8Array[] {
      const out = parts.slice(part).map((p, i) => (i === 0 ? p.subarray(at) : p))
      return out.filter((p) => p.length > 0)
    },
  }
}
