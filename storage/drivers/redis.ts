import type Redis from 'ioredis'
import { createStorage } from 'unstorage'
import redisDriver from 'unstorage/drivers/redis'
import { decodeRecord, type DriverAdapter } from '../store.ts'

const INDEX = '__children:'

/**
 * Compare-and-swap in one Lua script, so it is atomic across every process sharing the
 * server. It also keeps a set of child ids per parent key, so listing a collection never
 * SCANs the key space. KEYS: record, parent index. ARGV: expected ('any' or a version),
 * encoded value ('' deletes), child id.
 */
const SWAP = `
local cur = redis.call('GET', KEYS[1])
local actual = 0
if cur then actual = cjson.decode(cur).v end
if ARGV[1] ~= 'any' and tonumber(ARGV[1]) ~= actual then return {0, actual} end
if ARGV[2] == '' then
  redis.call('DEL', KEYS[1])
  redis.call('SREM', KEYS[2], ARGV[3])
  return {1, 0}
end
local version = actual + 1
redis.call('SET', KEYS[1], '{"v":' .. version .. ',"d":' .. ARGV[2] .. '}')
redis.call('SADD', KEYS[2], ARGV[3])
return {1, version}
`

export function redisAdapter(url: string): DriverAdapter {
  const storage = createStorage({ driver: redisDriver({ url, lazyConnect: false }) })
  const client = storage.getMount('').driver.getInstance!() as Redis
  const split = (key: string) => {
    const at = key.lastIndexOf(':')
    return { parent: at < 0 ? '' : key.slice(0, at), id: at < 0 ? key : key.slice(at + 1) }
  }
  return {
    name: 'redis',
    read: async (key) => decodeRecord(await client.get(key)),
    async readMany(keys) {
      if (keys.length === 0) return []
      return (await client.mget(...keys)).map(decodeRecord)
    },
    async swap(key, expected, next) {
      const { parent, id } = split(key)
      const encoded = next === undefined ? '' : JSON.stringify(next)
      const [ok, version] = (await client.eval(SWAP, 2, key, INDEX + parent, String(expected), encoded, id)) as [
        number,
        number,
      ]
      return ok ? { ok: true, version } : { ok: false, actual: version }
    },
    children: (parent) => client.smembers(INDEX + parent),
    dispose: async () => {
      await storage.dispose()
    },
  }
}
