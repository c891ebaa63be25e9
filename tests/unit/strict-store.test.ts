import { afterAll, describe, expect, it, vi } from 'vitest'
import { INVOICES } from '../../domain/schemas/invoices.ts'
import { QUOTES } from '../../domain/schemas/quotes.ts'
import { cloudflareKvAdapter } from '../../storage/drivers/cloudflare-kv.ts'
import {
  companyShard,
  durableObjectAdapter,
  isStrictKey,
  routedAdapter,
  type DurableNamespace,
} from '../../storage/drivers/durable-object.ts'
import { keys } from '../../storage/keys.ts'
import { StorageUnavailableError } from '../../storage/errors.ts'
import { createStore } from '../../storage/store.ts'
import { startStrictStore } from '../shared/strict-store.ts'

/**
 * docs/domain.md, "Every write exactly once", on Workers: number series and invoices (their
 * payments) are exact across isolates through the StrictStore Durable Object, in workerd.
 */
const workerd = startStrictStore()
afterAll(async () => (await workerd).dispose())

/**
 * What one isolate has of its own: fresh copies of the modules (the number series' in-process lock,
 * the KV adapter's lock among them), so nothing in this process keeps two of them apart but the
 * storage itself.
 */
async function isolate() {
  vi.resetModules()
  const [store, strict, kv, series] = await Promise.all([
    import('../../storage/store.ts'),
    import('../../storage/drivers/durable-object.ts'),
    import('../../storage/drivers/cloudflare-kv.ts'),
    import('../../storage/repositories/number-series.ts'),
  ])
  return { ...store, ...strict, ...kv, ...series }
}

type Invoice = { total: number; payments: Array<{ id: string; amount: number }> }
const paid = (invoice: Invoice) => invoice.payments.reduce((sum, p) => sum + p.amount, 0)
/** A payment taken only while it fits in what is open (the invoice's rule, docs/domain.md cd_invoice). */
const pay = (id: string, amount: number) => (invoice: Invoice) => {
  if (paid(invoice) + amount > invoice.total) throw new Error('payment_above_open')
  return { ...invoice, payments: [...invoice.payments, { id, amount }] }
}
const LAST_AMOUNT: Invoice = { total: 1000, payments: [{ id: 'p0', amount: 990 }] }

/** Resolves once `count` calls to `seen` were made: holds writes until every isolate has read. */
function afterCalls(count: number) {
  let open!: () => void
  const opened = new Promise<void>((resolve) => (open = resolve))
  let calls = 0
  const seen = () => {
    if (++calls >= count) open()
  }
  return { seen, opened }
}

describe('the Durable Object keeps counters exact across isolates (workerd)', () => {
  it('gives 50 document numbers written at once from two isolates 1 to 50, each once', async () => {
    const { strict, kv } = await workerd
    const isolates = [await isolate(), await isolate()]
    expect(isolates[0].numberSeries).not.toBe(isolates[1].numberSeries)
    const stores = isolates.map((m) =>
      m.createStore(
        m.routedAdapter(m.cloudflareKvAdapter(kv), m.durableObjectAdapter(strict(), m.companyShard), m.isStrictKey),
      ),
    )
    const seriesKey = keys.series(7, 'FAT-1-2026')
    const numbers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => {
        const m = isolates[i % 2]
        const store = stores[i % 2]
        const doc = keys.companyRecord(7, INVOICES, `inv-${i}`)
        return m.numberSeries(store, seriesKey).write(doc, async (n) => (await store.create(doc, { n }), n))
      }),
    )
    expect(numbers.sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1))
    expect((await stores[1].get(seriesKey))?.value).toEqual({ last: 50, free: [], pending: [] })
    expect(await stores[0].children(keys.companyRecords(7, INVOICES))).toHaveLength(50)
  })

  it('takes one of 20 payments of the last amount sent at once from two isolates', async () => {
    const { strict, kv } = await workerd
    const isolates = [await isolate(), await isolate()]
    const stores = isolates.map((m) =>
      m.createStore(
        m.routedAdapter(m.cloudflareKvAdapter(kv), m.durableObjectAdapter(strict(), m.companyShard), m.isStrictKey),
      ),
    )
    const key = keys.companyRecord(8, INVOICES, 'inv-1')
    await stores[0].put(key, LAST_AMOUNT)
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        stores[i % 2].update<Invoice>(key, (cur) => pay(`p${i + 1}`, 10)(cur!.value)),
      ),
    )
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1)
    expect(outcomes.filter((o) => o.status === 'rejected').map((o) => String(o.reason))).toEqual(
      Array(19).fill('Error: payment_above_open'),
    )
    const invoice = (await stores[1].get<Invoice>(key))!.value
    expect([invoice.payments.length, paid(invoice)]).toEqual([2, 1000])
  })

  it('refuses the second of two payments read at once: the check and the write are one step in the object', async () => {
    const { strict } = await workerd
    const key = keys.companyRecord(9, INVOICES, 'inv-1')
    await createStore(durableObjectAdapter(strict(), companyShard)).put(key, LAST_AMOUNT)
    // both isolates have read the invoice before either writes: the interleaving that breaks KV below
    const bothRead = afterCalls(2)
    const isolates = [await isolate(), await isolate()]
    const stores = isolates.map((m) => {
      const adapter = m.durableObjectAdapter(strict(), m.companyShard)
      return m.createStore({
        ...adapter,
        read: async (k) => {
          const record = await adapter.read(k)
          bothRead.seen()
          return record
        },
        swap: async (...args) => (await bothRead.opened, adapter.swap(...args)),
      })
    })
    const outcomes = await Promise.allSettled(
      stores.map((store, i) => store.update<Invoice>(key, (cur) => pay(`p${i + 1}`, 10)(cur!.value))),
    )
    expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected'])
    expect(paid((await stores[0].get<Invoice>(key))!.value)).toBe(1000)
  })

  /**
   * Why KV alone is not enough (README, "Storage guarantees"): each isolate's lock keeps its own
   * requests apart, not another isolate's. Here the two isolates read before either writes — which
   * real KV allows at any time, and makes likelier with reads up to 60 s stale — and both write.
   * The writes are held until both have read, so this happens every run, not by chance.
   */
  it('shows two plain KV adapters taking one number twice and the last amount twice', async () => {
    const { kv } = await workerd
    const invoiceKey = keys.companyRecord(10, INVOICES, 'inv-1')
    const seriesKey = keys.series(10, 'FAT-1-2026')
    await createStore(cloudflareKvAdapter(kv)).put(invoiceKey, LAST_AMOUNT)
    // each isolate reads a key twice before it writes (the update's read, the swap's check)
    const gates = new Map([invoiceKey, seriesKey].map((key) => [key, afterCalls(4)]))
    const binding = {
      get: async (key: string) => {
        const value = await kv.get(key)
        gates.get(key)?.seen()
        return value
      },
      put: async (key: string, value: string) => (await gates.get(key)?.opened, kv.put(key, value)),
      delete: (key: string) => kv.delete(key),
      list: (options: { prefix?: string; cursor?: string }) => kv.list(options),
    }
    const isolates = [await isolate(), await isolate()]
    const stores = isolates.map((m) => m.createStore(m.cloudflareKvAdapter(binding)))
    const payments = await Promise.allSettled(
      stores.map((store, i) => store.update<Invoice>(invoiceKey, (cur) => pay(`p${i + 1}`, 10)(cur!.value))),
    )
    const numbers = await Promise.all(
      isolates.map((m, i) => m.numberSeries(stores[i], seriesKey).take(keys.companyRecord(10, INVOICES, `d${i}`))),
    )
    expect(payments.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled'])
    expect(numbers).toEqual([1, 1])
  })
})

describe('the routed adapter (KV and the Durable Object, workerd)', () => {
  it('keeps the strict keys in the object and the rest in KV, reading many in order', async () => {
    const { strict, kv } = await workerd
    const store = createStore(
      routedAdapter(cloudflareKvAdapter(kv), durableObjectAdapter(strict(), companyShard), isStrictKey),
    )
    expect(store.writeMark()).toBeNull()
    const quote = keys.companyRecord(11, QUOTES, 'q1')
    const client = keys.companyRecord(11, 'clients', 'c1')
    const otherCompany = keys.companyRecord(12, QUOTES, 'q1')
    await store.put(quote, 'quote 11')
    await store.put(client, 'client 11')
    await store.put(otherCompany, 'quote 12')
    expect([await kv.get(quote), await kv.get(otherCompany), (await kv.get(client)) !== null]).toEqual([
      null,
      null,
      true,
    ])
    const got = await store.getMany([otherCompany, client, keys.companyRecord(11, QUOTES, 'none'), quote])
    expect(got.map((r) => r?.value ?? null)).toEqual(['quote 12', 'client 11', null, 'quote 11'])
    expect(await store.children(keys.companyRecords(11, QUOTES))).toEqual(['q1'])
    expect(await store.children(keys.companyRecords(11, 'clients'))).toEqual(['c1'])
    // the object reads at most 128 keys a call: more are read in batches, in order
    const many = Array.from({ length: 300 }, (_, i) => keys.companyRecord(13, QUOTES, `q${i}`))
    await Promise.all(many.filter((_, i) => i % 3 === 0).map((key) => store.put(key, key)))
    const read = await store.getMany([client, ...many])
    expect(read.map((r) => r?.value ?? null)).toEqual([
      'client 11',
      ...many.map((key, i) => (i % 3 === 0 ? key : null)),
    ])
    expect(await store.children(keys.companyRecords(13, QUOTES))).toHaveLength(100)
  })

  it('names as strict the number series, the records of quotes, orders, invoices and payables, their listings and generations, and the figures’ generation', () => {
    const strictOnes = [
      keys.series(3, 'ORC-1-2026'),
      keys.seriesOf(3),
      keys.companyRecord(3, 'quotes', 'a'),
      keys.companyRecord(3, 'orders', 'b'),
      keys.companyRecord(3, 'invoices', 'c'),
      keys.companyRecords(3, 'invoices'),
      keys.companyRecord(3, 'payables', 'd'),
      keys.companyRecord(3, 'meta', 'payables-generation'),
      keys.companyRecord(3, 'meta', 'orders-generation'),
      keys.companyRecord(3, 'meta', 'rollups-generation'),
    ]
    const others = [
      keys.companyRecord(3, 'clients', 'a'),
      keys.companyRecord(3, 'meta', 'clients-generation'),
      `${keys.companyRecord(3, 'quotes', 'a')}:below`,
      keys.unique(3, 'quotes', 'number', 'x'),
      keys.company(3),
      keys.user('u1'),
      keys.system('quotes'),
    ]
    expect(strictOnes.filter((key) => !isStrictKey(key))).toEqual([])
    expect(others.filter(isStrictKey)).toEqual([])
    expect([companyShard(keys.series(3, 'x')), companyShard(keys.user('u1'))]).toEqual(['company:3', 'system'])
  })
})

describe('a request to the object that fails (workerd)', () => {
  /** The binding, with the next swap's request lost before it reaches the object, or its reply lost after. */
  const losing = (namespace: DurableNamespace, lose: 'request' | 'reply'): DurableNamespace => {
    let armed = true
    return {
      idFromName: (name) => namespace.idFromName(name),
      get: (id) => ({
        async fetch(url, init) {
          const swap = armed && init.body.includes('"op":"swap"')
          if (swap) armed = false
          if (swap && lose === 'request') throw new Error('Network connection lost.')
          const response = await namespace.get(id).fetch(url, init)
          if (swap) throw new Error('Network connection lost.')
          return response
        },
      }),
    }
  }

  it('is the storage unavailable, and a write whose reply was lost is read back as landed, once', async () => {
    const { strict } = await workerd
    const key = keys.companyRecord(14, INVOICES, 'inv-1')
    const lostReply = createStore(durableObjectAdapter(losing(strict(), 'reply'), companyShard))
    expect(await lostReply.create(key, LAST_AMOUNT)).toBe(true)
    const lostRequest = createStore(durableObjectAdapter(losing(strict(), 'request'), companyShard))
    await expect(lostRequest.put(key, { total: 0, payments: [] })).rejects.toBeInstanceOf(StorageUnavailableError)
    expect(await lostRequest.get(key)).toEqual({ version: 1, value: LAST_AMOUNT })
  })
})
