import { createStorage } from 'unstorage'
import cloudflareKvBinding from 'unstorage/drivers/cloudflare-kv-binding'
import type { DriverAdapter } from '../store.ts'
import { directChildren } from './children.ts'
import { lockedAdapter } from './locked.ts'

/**
 * Cloudflare Workers KV through its binding. KV has no compare-and-swap and is eventually
 * consistent (a write can take up to 60 s to be seen in other locations; one write per
 * second per key). Versions are checked read-compare-write under a lock of this isolate:
 * stale writes from the same isolate are refused, concurrent writers in other isolates can
 * still race. See README, "Storage guarantees".
 */
export function cloudflareKvAdapter(binding: unknown): DriverAdapter {
  const storage = createStorage({ driver: cloudflareKvBinding({ binding: binding as never }) })
  return lockedAdapter('cloudflare-kv', storage, async (parent) =>
    directChildren(parent, await storage.getKeys(parent)),
  )
}
