import { INVOICES } from '../../domain/schemas/invoices.ts'
import { PAYABLES } from '../../domain/schemas/payables.ts'
import { ORDERS } from '../../domain/schemas/orders.ts'
import { QUOTES } from '../../domain/schemas/quotes.ts'
import { StorageUnavailableError } from '../errors.ts'
import { keys } from '../keys.ts'
import { decodeRecord, decodeWrite, encodeRecord, type DriverAdapter, type Versioned } from '../store.ts'
import { directChildren } from './children.ts'

/**
 * One request to the StrictStore object, sent as JSON. `swap` without `next` deletes; `read` and
 * `readBack` answer the stored form as it is (`encodeRecord`), which the adapter decodes.
 */
type Call =
  | { op: 'read' | 'readBack'; key: string }
  | { op: 'readMany'; keys: string[] }
  | { op: 'swap'; key: string; expected: number | 'any'; next?: unknown; writeId: string }
  | { op: 'children'; parent: string }

type SwapAnswer = { ok: true; version: number } | { ok: false; actual: number }

/** The part of a Durable Object's storage the object uses (typed here so the file bundles anywhere). */
export type DurableStorage = {
  get: { (key: string): Promise<unknown>; (keys: string[]): Promise<Map<string, unknown>> }
  put(key: string, value: unknown): Promise<void>
  delete(key: string): Promise<boolean>
  list(options: { prefix: string; startAfter?: string; limit: number }): Promise<Map<string, unknown>>
}

/** The part of a Durable Object namespace binding the adapter uses (the Worker's `env.STRICT`). */
export type DurableNamespace = {
  idFromName(name: string): unknown
  get(id: never): {
    fetch(
      url: string,
      init: { method: string; body: string },
    ): Promise<{
      ok: boolean
      status: number
      json(): Promise<unknown>
      text(): Promise<string>
    }>
  }
}

/** `storage.get` takes at most 128 keys a call; a listing is read 1,000 keys a page. */
const GET_BATCH = 128
const LIST_PAGE = 1000

/**
 * The Durable Object that keeps the records which must be exact on Workers (docs/domain.md,
 * "Every write exactly once": number series, quotes, orders, invoices and their payments). Workers
 * KV has no compare-and-swap; this object runs one request at a time (its input gate holds other
 * requests while storage is read or written), so a swap's read, check and write are one step for
 * every isolate of every location. Records are stored in the form every driver uses
 * (`encodeRecord`), one storage key per record key.
 */
export class StrictStore {
  readonly #storage: DurableStorage

  constructor(state: { storage: DurableStorage }, _env?: unknown) {
    this.#storage = state.storage
  }

  async fetch(request: Request): Promise<Response> {
    const call = (await request.json()) as Call
    switch (call.op) {
      case 'read':
      case 'readBack':
        return Response.json((await this.#storage.get(call.key)) ?? null)
      case 'readMany':
        return Response.json(await this.#readMany(call.keys))
      case 'swap':
        return Response.json(await this.#swap(call))
      case 'children':
        return Response.json(await this.#children(call.parent))
      default:
        return new Response('unknown operation', { status: 400 })
    }
  }

  async #readMany(keys: string[]): Promise<unknown[]> {
    const out: unknown[] = []
    for (let at = 0; at < keys.length; at += GET_BATCH) {
      const batch = keys.slice(at, at + GET_BATCH)
      const found = await this.#storage.get(batch)
      out.push(...batch.map((key) => found.get(key) ?? null))
    }
    return out
  }

  /** Read, check, write: nothing but this object's storage is awaited in between, so no other request comes in. */
  async #swap(call: Extract<Call, { op: 'swap' }>): Promise<SwapAnswer> {
    const actual = decodeWrite(await this.#storage.get(call.key))?.version ?? 0
    if (call.expected !== 'any' && call.expected !== actual) return { ok: false, actual }
    if (!('next' in call)) {
      await this.#storage.delete(call.key)
      return { ok: true, version: 0 }
    }
    await this.#storage.put(call.key, encodeRecord(actual + 1, call.next, call.writeId))
    return { ok: true, version: actual + 1 }
  }

  async #children(parent: string): Promise<string[]> {
    const prefix = `${parent}:`
    const ids: string[] = []
    let startAfter: string | undefined
    for (;;) {
      const page = [...(await this.#storage.list({ prefix, startAfter, limit: LIST_PAGE })).keys()]
      ids.push(...directChildren(parent, page))
      if (page.length < LIST_PAGE) return ids
      startAfter = page[page.length - 1]
    }
  }
}

/**
 * A DriverAdapter over StrictStore objects: each key goes to the object `shardOf(key)` names (one
 * per company, `companyShard`). Every call is a request to that object, so reads are fresh and a
 * swap is atomic across isolates; there is no in-process lock (`exclusive`): the object is the lock.
 * A request that fails or gets no answer is the storage being unavailable, which lets the store read
 * back whether a write landed (docs/domain.md, "Every write exactly once").
 */
export function durableObjectAdapter(namespace: DurableNamespace, shardOf: (key: string) => string): DriverAdapter {
  async function call<T>(shard: string, body: Call): Promise<T> {
    let response
    try {
      response = await namespace
        .get(namespace.idFromName(shard) as never)
        .fetch('https://strict-store/', { method: 'POST', body: JSON.stringify(body) })
    } catch (error) {
      throw new StorageUnavailableError(error)
    }
    if (!response.ok) {
      const detail = `${body.op}: ${response.status} ${await response.text().catch(() => '')}`
      if (response.status >= 500) throw new StorageUnavailableError(detail)
      throw new Error(`The strict store refused ${detail}`)
    }
    try {
      return (await response.json()) as T
    } catch (error) {
      throw new StorageUnavailableError(error)
    }
  }

  return {
    name: 'durable-object',
    read: async (key) => decodeRecord(await call(shardOf(key), { op: 'read', key })),
    async readMany(keys) {
      const byShard = new Map<string, number[]>()
      keys.forEach((key, at) => {
        const ats = byShard.get(shardOf(key))
        if (ats) ats.push(at)
        else byShard.set(shardOf(key), [at])
      })
      const out: Array<Versioned<unknown> | null> = new Array(keys.length).fill(null)
      await Promise.all(
        [...byShard].map(async ([shard, ats]) => {
          const raws = await call<unknown[]>(shard, { op: 'readMany', keys: ats.map((at) => keys[at]) })
          ats.forEach((at, n) => (out[at] = decodeRecord(raws[n])))
        }),
      )
      return out
    },
    swap: (key, expected, next, writeId) =>
      call<SwapAnswer>(
        shardOf(key),
        next === undefined ? { op: 'swap', key, expected, writeId } : { op: 'swap', key, expected, next, writeId },
      ),
    readBack: async (key) => decodeWrite(await call(shardOf(key), { op: 'readBack', key })),
    children: (parent) => call<string[]>(shardOf(parent), { op: 'children', parent }),
    soleWriter: false,
    dispose: async () => undefined,
  }
}

/**
 * One adapter over two: each key goes to `strict` when `isStrict(key)`, else to `kv`; a listing goes
 * where its parent goes. On Workers: KV for most data, the Durable Object for what must be exact
 * (`isStrictKey`). Other isolates write the KV side, so this process is never the sole writer.
 */
export function routedAdapter(
  kv: DriverAdapter,
  strict: DriverAdapter,
  isStrict: (key: string) => boolean,
): DriverAdapter {
  const to = (key: string) => (isStrict(key) ? strict : kv)
  const readAll = async (adapter: DriverAdapter, keys: string[]) => {
    if (keys.length === 0) return []
    return adapter.readMany ? adapter.readMany(keys) : Promise.all(keys.map((key) => adapter.read(key)))
  }
  return {
    name: `${kv.name}+${strict.name}`,
    read: (key) => to(key).read(key),
    async readMany(keys) {
      const strictAt: number[] = []
      const kvAt: number[] = []
      keys.forEach((key, at) => (isStrict(key) ? strictAt : kvAt).push(at))
      const pick = (ats: number[]) => ats.map((at) => keys[at])
      const [fromStrict, fromKv] = await Promise.all([readAll(strict, pick(strictAt)), readAll(kv, pick(kvAt))])
      const out: Array<Versioned<unknown> | null> = new Array(keys.length).fill(null)
      strictAt.forEach((at, n) => (out[at] = fromStrict[n]))
      kvAt.forEach((at, n) => (out[at] = fromKv[n]))
      return out
    },
    swap: (key, expected, next, writeId) => to(key).swap(key, expected, next, writeId),
    readBack: (key) => to(key).readBack(key),
    children: (parent) => to(parent).children(parent),
    exclusive<T>(key: string, fn: () => Promise<T>): Promise<T> {
      const adapter = to(key)
      return adapter.exclusive ? adapter.exclusive(key, fn) : fn()
    },
    soleWriter: false,
    async dispose() {
      await Promise.all([kv.dispose(), strict.dispose()])
    },
  }
}

/** Every key of a company's data starts with `company:<id>`. */
const COMPANY_KEY = /^company:(\d+)(?::|$)/

function companyOf(key: string): number | null {
  const id = COMPANY_KEY.exec(key)?.[1]
  return id === undefined ? null : Number(id)
}

/** The StrictStore object a key lives in: one per company (`company:<id>`), `system` for the rest. */
export function companyShard(key: string): string {
  const empresa = companyOf(key)
  return empresa === null ? 'system' : `company:${empresa}`
}

/** The collections whose records, listings and index generations must be exact. */
const STRICT_COLLECTIONS = [QUOTES, ORDERS, INVOICES, PAYABLES]

/**
 * The keys that go to the Durable Object on Workers (docs/domain.md, "Every write exactly once"): a
 * company's number series and their listing, and the records of its quotes, orders, invoices (an
 * invoice's payments are kept on it) and payables, their listings and their index generations (what tells every
 * isolate that a collection changed), and the report figures' generation (what a report's ETag is made of). A listing's parent goes where its records go; nothing deeper
 * than a record is strict.
 */
export function isStrictKey(key: string): boolean {
  const empresa = companyOf(key)
  if (empresa === null) return false
  const parents = [keys.seriesOf(empresa), ...STRICT_COLLECTIONS.map((c) => keys.companyRecords(empresa, c))]
  if (parents.some((parent) => key === parent || directChildren(parent, [key]).length === 1)) return true
  // and the report figures' generation: a bump by one isolate is seen by every other at once
  return [...STRICT_COLLECTIONS, 'rollups'].some((c) => key === keys.companyRecord(empresa, 'meta', `${c}-generation`))
}
