import type { Store } from '../../storage/store.ts'

/**
 * A test hook for the fault tests (tests/runtime/crash-steps.test.ts), on only where NODE_ENV=test: the
 * process kills itself (SIGKILL, as a power cut or the OOM killer would) right after the `n`th write
 * of storage that lands once `armed()` says so — so a test stops a request between any two of its
 * writes, and the next start shows what such a crash leaves.
 */
export function crashAfterWrites(store: Store, n: number, armed: () => boolean): Store {
  let count = 0
  const landed = <T>(result: T): T => {
    if (armed() && ++count >= n) process.kill(process.pid, 'SIGKILL')
    return result
  }
  return {
    ...store,
    put: async (key, value, options) => landed(await store.put(key, value, options)),
    create: async (key, value) => landed(await store.create(key, value)),
    update: async (key, fn, options) => landed(await store.update(key, fn, options)),
    remove: async (key, options) => landed(await store.remove(key, options)),
  }
}
