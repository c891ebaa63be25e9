import { joinBytes } from '../../domain/bytes.ts'
import { joinKey, keys } from '../keys.ts'
import type { Store } from '../store.ts'
import { listRecord } from './list-record.ts'

export type FileMeta = {
  id: string
  empresa: number
  /** The branch the file belongs to, or null for a file of the owner company (getEmpresaProprietario). */
  filial: number | null
  group: string
  name: string
  type: string
  size: number
  chunks: number
  createdAt: string
  /** Who uploaded it (absent on files older than this field): they may delete their own company-owned file. */
  uploadedBy?: string
}

/** Below Deno KV's 64 KiB value limit once base64-encoded, so every driver can hold a chunk. */
const CHUNK_BYTES = 45 * 1024

const toBase64 = (bytes: Uint8Array) => {
  let text = ''
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(text)
}
/** A plain loop: Uint8Array.from(string, fn) calls the function per byte, some 30 times slower on a logo of a megabyte. */
const fromBase64 = (text: string) => {
  const binary = atob(text)
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

/** The bytes from `start` to `end` of bytes held in chunks (copied only when they span two). */
export function sliceOf(parts: Uint8Array[], start: number, end: number): Uint8Array {
  const out: Uint8Array[] = []
  let at = 0
  for (const part of parts) {
    const [from, to] = [Math.max(start - at, 0), Math.min(end - at, part.length)]
    if (from < to) out.push(part.subarray(from, to))
    at += part.length
    if (at >= end) break
  }
  return out.length === 1 ? out[0] : joinBytes(out)
}

/** Uploaded files of a company: metadata, bytes in chunks, and the upload groups (idGuid). */
export function filesRepository(store: Store, empresa: number) {
  const metaKey = (id: string) => keys.companyRecord(empresa, 'files', id)
  const chunkKey = (id: string, n: number) => joinKey('company', empresa, 'file-chunks', id, n)
  const group = (id: string) => listRecord<{ id: string }>(store, keys.companyRecord(empresa, 'file-groups', id))
  return {
    /** A file's bytes, or the chunks they came in (an upload is never copied whole). */
    async save(meta: Omit<FileMeta, 'chunks'>, bytes: Uint8Array | Uint8Array[]): Promise<FileMeta> {
      const parts = Array.isArray(bytes) ? bytes : [bytes]
      const size = parts.reduce((n, p) => n + p.length, 0)
      const chunks = Math.max(1, Math.ceil(size / CHUNK_BYTES))
      for (let n = 0; n < chunks; n++)
        await store.put(chunkKey(meta.id, n), toBase64(sliceOf(parts, n * CHUNK_BYTES, (n + 1) * CHUNK_BYTES)))
      // metadata last: a file is visible only once all its bytes are stored
      const full = { ...meta, chunks }
      await store.put(metaKey(meta.id), full)
      await group(meta.group).add({ id: meta.id }, 'last')
      return full
    },
    async find(id: string): Promise<FileMeta | null> {
      return (await store.get<FileMeta>(metaKey(id)))?.value ?? null
    },
    async bytes(meta: FileMeta): Promise<Uint8Array> {
      const parts = await store.getMany<string>(Array.from({ length: meta.chunks }, (_, n) => chunkKey(meta.id, n)))
      return joinBytes(parts.map((p) => fromBase64(p?.value ?? '')))
    },
    async inGroup(id: string): Promise<FileMeta[]> {
      const ids = (await group(id).all()).map((f) => f.id)
      return (await store.getMany<FileMeta>(ids.map(metaKey))).flatMap((r) => (r ? [r.value] : []))
    },
    async remove(meta: FileMeta): Promise<void> {
      await store.remove(metaKey(meta.id))
      await group(meta.group).remove(meta.id)
      for (let n = 0; n < meta.chunks; n++) await store.remove(chunkKey(meta.id, n))
    },
  }
}
