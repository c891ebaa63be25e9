import type { Store } from './store.ts'
import { createStore } from './store.ts'
import type { DenoKv } from './drivers/deno-kv.ts'

/** Which driver to open; the runtime entry fills it from the config (and its bindings). */
export type StorageChoice =
  | { driver: 'memory' }
  | { driver: 'fs'; dataDir: string }
  | { driver: 'redis'; url: string }
  | { driver: 'cloudflare-kv'; binding: unknown }
  | { driver: 'deno-kv'; kv: DenoKv }

/** Drivers are imported on demand so a runtime only loads the ones it uses. */
export async function openStore(choice: StorageChoice): Promise<Store> {
  switch (choice.driver) {
    case 'memory':
      return createStore((await import('./drivers/memory.ts')).memoryAdapter())
    case 'fs': {
      const fs = await import('./drivers/fs.ts')
      // what writes interrupted by a crash left: this process is the data dir's one writer from now on
      await fs.removeInterruptedWrites(choice.dataDir)
      return createStore(fs.fsAdapter(choice.dataDir))
    }
    case 'redis':
      return createStore(await (await import('./drivers/redis.ts')).redisAdapter(choice.url))
    case 'cloudflare-kv':
      return createStore((await import('./drivers/cloudflare-kv.ts')).cloudflareKvAdapter(choice.binding))
    case 'deno-kv':
      return createStore((await import('./drivers/deno-kv.ts')).denoKvAdapter(choice.kv))
  }
}

/** The choice for the drivers every server runtime has (memory, fs, redis); null for the others. */
export function commonStorageChoice(settings: {
  storageDriver: string
  dataDir: string
  redisUrl?: string
}): StorageChoice | null {
  switch (settings.storageDriver) {
    case 'memory':
      return { driver: 'memory' }
    case 'fs':
      return { driver: 'fs', dataDir: settings.dataDir }
    case 'redis':
      return settings.redisUrl ? { driver: 'redis', url: settings.redisUrl } : null
    default:
      return null
  }
}
