import type { Store } from '../../storage/store.ts'

/** The header a fault test arms the crash point with, where CRASH_ON_REQUEST=1: the count of writes to let land. */
export const CRASH_HEADER = 'x-test-crash-after-writes'

/**
 * A test hook for the fault tests (tests/runtime/crash-steps.test.ts, plan-generation.test.ts), on
 * only where NODE_ENV=test: once armed with `n`, the process kills itself (SIGKILL, as a power cut or
 * the OOM killer would) right after the `n`th write of storage that lands from then on — so a test
 * stops a request between any two of its writes, and the next start shows what such a crash leaves.
 * The server arms it when it starts serving (CRASH_AFTER_WRITES=n) or on a request that carries
 * CRASH_HEADER (CRASH_ON_REQUEST=1): then one start serves the next kill after the checks of the last.
 */
export function crashPoint(store: Store) {
  let left = 0
  const landed = <T>(result: T): T => {
    if (left > 0 && --left === 0) process.kill(process.pid, 'SIGKILL')
    return result
  }
  return {
    store: {
      ...store,
      put: async (key, value, options) => landed(await store.put(key, value, options)),
      create: async (key, value) => landed(await store.create(key, value)),
      update: async (key, fn, options) => landed(await store.update(key, fn, options)),
      remove: async (key, options) => landed(await store.remove(key, options)),
    } satisfies Store,
    arm: (n: number) => {
      left = n
    },
  }
}
