import { describe, expect, it } from 'vitest'
import { StorageUnavailableError } from '../../storage/errors.ts'
import { memoryAdapter } from '../../storage/drivers/memory.ts'
import { indexedRecords } from '../../storage/repositories/indexed-records.ts'
import { numberSeries } from '../../storage/repositories/number-series.ts'
import { createStore, type Store } from '../../storage/store.ts'

/** Memory storage whose reads of `broken` keys fail as a storage that stopped answering. */
function storeWithUnreadable(broken: Set<string>): Store {
  const store = createStore(memoryAdapter())
  return {
    ...store,
    get: async (key) => {
      if (broken.has(key)) throw new StorageUnavailableError('unreadable')
      return store.get(key)
    },
  } as Store
}

describe('the writes asked at once, written together', () => {
  it('a number series: a change that fails in a batch fails alone, the others are written', async () => {
    const broken = new Set<string>()
    const store = storeWithUnreadable(broken)
    let now = 0
    const series = numberSeries(store, 'series/test', () => now)
    // a number left pending (its process died), looked into once its grace is over: its document cannot be read
    expect(await series.take('doc/a')).toBe(1)
    expect(await series.take('doc/x')).toBe(2)
    broken.add('doc/a')
    now = 60_000
    const first = series.take('doc/b') // written alone, it fails (it looks into doc/a)
    const joined = [series.release(2), series.take('doc/c'), series.confirm(1)]
    const [a, ...rest] = await Promise.allSettled([first, ...joined])
    expect(a.status).toBe('rejected')
    // in the next batch: a release and a confirmation go through; the take that looks into doc/a fails again
    expect(rest.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled'])
    broken.clear()
    // the batch gave 2 back and confirmed 1: the next number is 2 again
    expect(await series.take('doc/d')).toBe(2)
  })

  it('an index whose kept order cannot place a row still tells every write of the batch it is done, and reads again', async () => {
    type Item = { id: string; name?: string }
    const store = createStore(memoryAdapter())
    const records = indexedRecords<Item, Item>(store, 1, 'things', (i) => i)
    await records.put({ id: 'a', name: 'Ana' })
    // an order that reads a field one row lacks
    const byName = (x: Item, y: Item) => x.name!.localeCompare(y.name!)
    expect((await records.sorted('name', byName)).map((i) => i.id)).toEqual(['a'])
    const writes = [
      records.put({ id: 'b', name: 'Bia' }),
      records.put({ id: 'c' }),
      records.put({ id: 'd', name: 'Caio' }),
    ]
    await expect(Promise.all(writes)).resolves.toHaveLength(3)
    // read again from storage: every record there
    expect([...(await records.rows()).keys()].sort()).toEqual(['a', 'b', 'c', 'd'])
  })
})
