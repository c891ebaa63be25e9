import { createStorage } from 'unstorage'
import memoryDriver from 'unstorage/drivers/memory'
import type { DriverAdapter } from '../store.ts'
import { directChildren } from './children.ts'
import { lockedAdapter } from './locked.ts'

/** Process memory: for tests and throw-away demos. */
export function memoryAdapter(): DriverAdapter {
  const storage = createStorage({ driver: memoryDriver() })
  return lockedAdapter('memory', storage, async (parent) => directChildren(parent, await storage.getKeys(parent)), {
    soleWriter: true,
  })
}
