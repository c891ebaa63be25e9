import assert from 'node:assert/strict'
import { ConflictError, StorageUnavailableError } from '../../storage/errors.ts'
import { joinKey } from '../../storage/keys.ts'
import type { Store } from '../../storage/store.ts'
import { numberSeries, PENDING_GRACE_MS } from '../../storage/repositories/number-series.ts'

export type Register = (name: string, fn: () => Promise<void>) => void

/**
 * The storage contract: every driver must pass these unchanged. Runs under vitest (memory,
 * fs, redis, Cloudflare KV in miniflare) and under Deno (Deno KV). Keys are unique per run
 * so a persistent backend can be reused.
 */
export function storageContract(register: Register, open: () => Promise<Store>) {
  const run = `run-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`
  const k = (...parts: string[]) => joinKey('contract', run, ...parts)
  const withStore = (fn: (store: Store) => Promise<void>) => async () => {
    const store = await open()
    try {
      await fn(store)
    } finally {
      await store.dispose()
    }
  }

  register(
    'answers null for a key that was never written',
    withStore(async (store) => {
      assert.equal(await store.get(k('absent')), null)
    }),
  )

  register(
    'moves its write mark on every write and never on a read, or has none (another process may write)',
    withStore(async (store) => {
      const first = store.writeMark()
      const marks = [first]
      const step = async (write: () => Promise<unknown>) => {
        await write().catch(() => undefined)
        marks.push(store.writeMark())
      }
      await step(() => store.put(k('mark'), { n: 1 }))
      await store.get(k('mark'))
      await store.getMany([k('mark'), k('absent')])
      await store.children(k())
      assert.equal(store.writeMark(), marks.at(-1), 'a read moved the mark')
      await step(() => store.update(k('mark'), (cur) => ({ n: (cur?.value as { n: number }).n + 1 })))
      await step(() => store.create(k('mark-once'), 1))
      // a refused write moves it too: what was read before it is not taken as current after it
      await step(() => store.put(k('mark'), { n: 9 }, { expectVersion: 1 }))
      await step(() => store.remove(k('mark')))
      if (first === null)
        assert.ok(
          marks.every((m) => m === null),
          'a store without a mark got one',
        )
      else
        assert.equal(new Set(marks).size, marks.length, `the mark stayed the same across a write: ${marks.join(', ')}`)
    }),
  )

  register(
    'stores a record and bumps its version on every write',
    withStore(async (store) => {
      const first = await store.put(k('rec'), { name: 'Ana', tags: ['a'] })
      assert.equal(first.version, 1)
      const second = await store.put(k('rec'), { name: 'Bia', tags: [] })
      assert.equal(second.version, 2)
      assert.deepEqual(await store.get(k('rec')), { version: 2, value: { name: 'Bia', tags: [] } })
    }),
  )

  register(
    'refuses a stale write and keeps the stored record',
    withStore(async (store) => {
      await store.put(k('stale'), { n: 1 })
      await store.put(k('stale'), { n: 2 })
      await assert.rejects(store.put(k('stale'), { n: 99 }, { expectVersion: 1 }), ConflictError)
      assert.deepEqual(await store.get(k('stale')), { version: 2, value: { n: 2 } })
      const ok = await store.put(k('stale'), { n: 3 }, { expectVersion: 2 })
      assert.equal(ok.version, 3)
    }),
  )

  register(
    'creates a key only once',
    withStore(async (store) => {
      assert.equal(await store.create(k('once'), { who: 'first' }), true)
      assert.equal(await store.create(k('once'), { who: 'second' }), false)
      assert.deepEqual((await store.get(k('once')))?.value, { who: 'first' })
    }),
  )

  register(
    'loses no update under 40 concurrent read-modify-writes',
    withStore(async (store) => {
      const key = k('counter')
      await Promise.all(
        Array.from({ length: 40 }, () => store.update<{ n: number }>(key, (cur) => ({ n: (cur?.value.n ?? 0) + 1 }))),
      )
      assert.deepEqual(await store.get(key), { version: 40, value: { n: 40 } })
    }),
  )

  register(
    'refuses an update that names a stale version',
    withStore(async (store) => {
      const key = k('upd')
      await store.put(key, { n: 1 })
      await assert.rejects(
        store.update(key, () => ({ n: 5 }), { expectVersion: 7 }),
        ConflictError,
      )
      assert.deepEqual((await store.get(key))?.value, { n: 1 })
    }),
  )

  register(
    'removes a record once',
    withStore(async (store) => {
      const key = k('gone')
      await store.put(key, { x: true })
      assert.equal(await store.remove(key), true)
      assert.equal(await store.get(key), null)
      assert.equal(await store.remove(key), false)
    }),
  )

  register(
    'lists the direct children of a collection only',
    withStore(async (store) => {
      await store.put(k('col', 'a'), 1)
      await store.put(k('col', 'b'), 2)
      await store.put(k('col', 'b', 'nested'), 3)
      await store.put(k('colx'), 4)
      assert.deepEqual((await store.children(k('col'))).sort(), ['a', 'b'])
      await store.remove(k('col', 'a'))
      assert.deepEqual(await store.children(k('col')), ['b'])
      assert.deepEqual(await store.children(k('nothing-here')), [])
    }),
  )

  register(
    'keeps values with awkward characters in their key apart',
    withStore(async (store) => {
      const weird = ['a/b', '../etc', 'x:y', 'ação', 'sp ace']
      for (const [i, w] of weird.entries()) await store.put(k('odd', w), { i })
      for (const [i, w] of weird.entries()) assert.deepEqual((await store.get(k('odd', w)))?.value, { i })
      assert.equal((await store.children(k('odd'))).length, weird.length)
    }),
  )

  register(
    'never lets a reader change the stored record in place',
    withStore(async (store) => {
      const key = k('alias')
      const written = { n: 1, list: [1] }
      await store.put(key, written)
      written.n = 2
      const read = await store.get<{ n: number; list: number[] }>(key)
      try {
        read!.value.n = 3
        read!.value.list.push(4)
      } catch {
        // frozen by a caching driver: changing it in place fails, which is also fine
      }
      assert.deepEqual((await store.get(key))?.value, { n: 1, list: [1] })
    }),
  )

  register(
    'reads many keys in order, with null for the missing',
    withStore(async (store) => {
      await store.put(k('many', '1'), 'one')
      await store.put(k('many', '3'), 'three')
      const got = await store.getMany([k('many', '1'), k('many', '2'), k('many', '3')])
      assert.deepEqual(
        got.map((r) => r?.value ?? null),
        ['one', null, 'three'],
      )
    }),
  )

  register(
    'gives 50 concurrent document numbers 1 to 50, each once',
    withStore(async (store) => {
      const series = numberSeries(store, k('series-concurrent'))
      const numbers = await Promise.all(Array.from({ length: 50 }, (_, i) => series.take(k('doc', String(i)))))
      assert.deepEqual(
        [...numbers].sort((a, b) => a - b),
        Array.from({ length: 50 }, (_, i) => i + 1),
      )
    }),
  )

  register(
    'gives a number back when its document could not be written, with no gap',
    withStore(async (store) => {
      const series = numberSeries(store, k('series-failed'))
      assert.equal(await series.write(k('doc', 'a'), async (n) => n), 1)
      await assert.rejects(series.write(k('doc', 'b'), async () => Promise.reject(new Error('disk full'))))
      assert.equal(await series.write(k('doc', 'c'), async (n) => n), 2)
      // a number given back while a later one was taken is the next one given
      const [a, b] = [await series.take(k('doc', 'd')), await series.take(k('doc', 'e'))]
      await series.release(a)
      assert.deepEqual([await series.take(k('doc', 'f')), await series.take(k('doc', 'g'))], [a, b + 1])
    }),
  )

  register(
    'settles the numbers of writes a crash or a lost reply left: confirmed where the document came, else given back',
    withStore(async (store) => {
      let now = 1_000_000
      const series = numberSeries(store, k('series-crash'), () => now)
      const doc = (id: string) => k('series-docs', id)
      // 1 written; 2 taken and the process died before its document; 3 written but its reply was lost
      assert.equal(await series.write(doc('one'), async (n) => (await store.put(doc('one'), n), n)), 1)
      assert.equal(await series.take(doc('two')), 2)
      await assert.rejects(
        series.write(doc('three'), async (n) => {
          await store.put(doc('three'), n)
          throw new StorageUnavailableError('the reply was lost')
        }),
      )
      // within the grace a pending number is a write in flight: the next number follows
      assert.equal(await series.write(doc('four'), async (n) => (await store.put(doc('four'), n), n)), 4)
      // the data's one writer starts again: 2 is given back (no gap), 3 is kept (its document is there)
      await numberSeries(store, k('series-crash'), () => now).settle()
      assert.equal(await series.write(doc('five'), async (n) => (await store.put(doc('five'), n), n)), 2)
      assert.equal(await series.write(doc('six'), async (n) => (await store.put(doc('six'), n), n)), 5)
      // a document written again after an unknown outcome (the same key: a create sent again) keeps its number
      await assert.rejects(
        series.write(doc('again'), async () => {
          throw new StorageUnavailableError('no answer')
        }),
      )
      assert.equal(await series.write(doc('again'), async (n) => (await store.put(doc('again'), n), n)), 6)
      now += PENDING_GRACE_MS + 1
      // on a shared store, a pending number past the grace is settled by the next take
      assert.equal(await series.take(doc('seven')), 7)
      now += PENDING_GRACE_MS + 1
      assert.equal(await series.take(doc('eight')), 7)
    }),
  )
}
