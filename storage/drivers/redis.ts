import type Redis from 'ioredis'
import { createStorage } from 'unstorage'
import redisDriver from 'unstorage/drivers/redis'
import { decodeRecord, decodeWrite, type DriverAdapter } from '../store.ts'
import { StorageUnavailableError } from '../errors.ts'

const INDEX = '__children:'

/**
 * Compare-and-swap in one Lua script, so it is atomic across every process sharing the
 * server. It also keeps a set of child ids per parent key, so listing a collection never
 * SCANs the key space. KEYS: record, parent index. ARGV: expected ('any' or a version),
 * encoded value ('' deletes), child id, write id.
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
redis.call('SET', KEYS[1], '{"v":' .. version .. ',"w":"' .. ARGV[4] .. '","d":' .. ARGV[2] .. '}')
redis.call('SADD', KEYS[2], ARGV[3])
return {1, version}
`

/** How long one command may wait for redis before the request is answered 503 (docs/api.md §3). */
export const REDIS_COMMAND_TIMEOUT_MS = 2000

/**
 * The redis client fails fast instead of waiting: no queue of commands while disconnected, a
 * bound on each command, and no blind resend after a reconnect (a compare-and-swap resent after
 * its reply was lost would find its own write and be refused). It keeps reconnecting in the
 * background, so the server recovers without a restart once redis is back.
 */
const CLIENT_OPTIONS = {
  lazyConnect: false,
  enableOfflineQueue: false,
  commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
  maxRetriesPerRequest: 0,
  autoResendUnfulfilledCommands: false,
  retryStrategy: (attempt: number) => Math.min(attempt * 100, 1000),
}

export async function redisAdapter(url: string): Promise<DriverAdapter> {
  const storage = createStorage({ driver: redisDriver({ url, ...CLIENT_OPTIONS }) })
  const client = storage.getMount('').driver.getInstance!() as Redis
  // commands are not queued while disconnected: the first ones wait for the connection
  if (client.status !== 'ready')
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new StorageUnavailableError(`no connection to ${url} in 10 s`)), 10_000)
      client.once('ready', () => {
        clearTimeout(timer)
        resolve()
      })
    })
  /** A command's failure that is not an answer (no connection, a time-out): the storage is unavailable. */
  const guard = <T>(command: Promise<T>): Promise<T> =>
    command.catch((error: unknown) => {
      throw new StorageUnavailableError(error)
    })
  const split = (key: string) => {
    const at = key.lastIndexOf(':')
    return { parent: at < 0 ? '' : key.slice(0, at), id: at < 0 ? key : key.slice(at + 1) }
  }
  return {
    name: 'redis',
    read: async (key) => decodeRecord(await guard(client.get(key))),
    async readMany(keys) {
      if (keys.length === 0) return []
      return (await guard(client.mget(...keys))).map(decodeRecord)
    },
    readBack: async (key) => decodeWrite(await guard(client.get(key))),
    async swap(key, expected, next, writeId) {
      const { parent, id } = split(key)
      const encoded = next === undefined ? '' : JSON.stringify(next)
      const [ok, version] = (await guard(
        client.eval(SWAP, 2, key, INDEX + parent, String(expected), encoded, id, writeId),
      )) as [number, number]
      return ok ? { ok: true, version } : { ok: false, actual: version }
    },
    children: (parent) => guard(client.smembers(INDEX + parent)),
    dispose: async () => {
      await storage.dispose()
    },
  }
}
