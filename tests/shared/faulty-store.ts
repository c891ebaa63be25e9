import { memoryAdapter } from '../../storage/drivers/memory.ts'
import { StorageUnavailableError } from '../../storage/errors.ts'
import { createStore } from '../../storage/store.ts'

/**
 * Memory storage whose next write of a key matching `pattern`, once armed (`failNext`), fails as a
 * lost connection would. Not landed: the storage went away before the write. Landed: the write is
 * stored, and neither its reply nor a read-back of it comes until `back()` — its outcome unknown,
 * as after a crash (storage/store.ts outcomeOf then answers 503).
 */
export function faultyStore(pattern: RegExp) {
  const memory = memoryAdapter()
  let armed: { landed: boolean } | null = null
  let silent: string | null = null
  const store = createStore({
    ...memory,
    async swap(key, expected, next, writeId) {
      const fault = armed && pattern.test(key) ? armed : null
      if (!fault) return memory.swap(key, expected, next, writeId)
      armed = null
      if (fault.landed) {
        await memory.swap(key, expected, next, writeId)
        silent = key
      }
      throw new StorageUnavailableError('the storage went away')
    },
    async readBack(key) {
      if (key === silent) throw new StorageUnavailableError('still away')
      return memory.readBack(key)
    },
  })
  return {
    store,
    failNext: (landed: boolean) => {
      armed = { landed }
    },
    back: () => {
      silent = null
    },
  }
}
