import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { dirname, join, resolve, sep } from 'node:path'
import { createStorage, defineDriver } from 'unstorage'
import type { DriverAdapter } from '../store.ts'
import { lockedAdapter } from './locked.ts'

const SUFFIX = '.json'
/** What a write puts beside its record before the rename: `<record>.json.<random>.tmp`. */
const TEMP = /\.json\.[0-9a-f]{12}\.tmp$/

/**
 * unstorage's fs driver writes in place, so a crash mid-write leaves a truncated file.
 * This one writes a temporary file next to the target and renames it over the target:
 * rename is atomic on POSIX, so a reader (or the next start after a SIGKILL) sees the old
 * record or the new one, never half of one.
 */
export const atomicFsDriver = defineDriver((options: { base: string }) => {
  const base = resolve(options.base)
  const pathOf = (key: string) => {
    const parts = key.split(':')
    for (const part of parts) {
      if (!part || part === '.' || part === '..' || part.includes('/') || part.includes('\\')) {
        throw new Error(`Refused storage key ${JSON.stringify(key)}`)
      }
    }
    const file = join(base, ...parts) + SUFFIX
    if (!file.startsWith(base + sep)) throw new Error(`Refused storage key ${JSON.stringify(key)}`)
    return file
  }
  const readText = async (key: string) => {
    try {
      return await readFile(pathOf(key), 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
      throw error
    }
  }
  const write = async (key: string, value: string) => {
    const file = pathOf(key)
    // 12 random hex digits from randomUUID, which draws on a cache of random bytes (randomBytes asked
    // the system on every write: a thirtieth of a plan run's time, tests/bench/plans.ts)
    const temp = `${file}.${crypto.randomUUID().replace(/-/g, '').slice(0, 12)}.tmp`
    try {
      // its folder is made when the write finds none (not before every write: a third of the file
      // operations of a plan's run were folders made again, tests/bench/plans.ts)
      await writeFile(temp, value).catch(async (error: unknown) => {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
        await mkdir(dirname(file), { recursive: true })
        await writeFile(temp, value)
      })
      await rename(temp, file)
    } catch (error) {
      await rm(temp, { force: true })
      throw error
    }
  }
  const walk = async (dir: string, prefix: string, out: string[]) => {
    let entries
    try {
      entries = await readdir(dir, { withFileTypes: true })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
      throw error
    }
    for (const entry of entries) {
      if (entry.isDirectory()) await walk(join(dir, entry.name), `${prefix}${entry.name}:`, out)
      else if (entry.name.endsWith(SUFFIX)) out.push(prefix + entry.name.slice(0, -SUFFIX.length))
    }
  }
  return {
    name: 'fs-atomic',
    options,
    getInstance: () => ({
      /** Ids of the records directly inside `parent`: one readdir, never the whole tree. */
      async children(parent: string): Promise<string[]> {
        const dir = join(base, ...parent.split(':'))
        try {
          const entries = await readdir(dir, { withFileTypes: true })
          return entries
            .filter((e) => e.isFile() && e.name.endsWith(SUFFIX))
            .map((e) => e.name.slice(0, -SUFFIX.length))
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
          throw error
        }
      },
    }),
    hasItem: async (key) => (await readText(key)) !== null,
    getItem: readText,
    getItemRaw: readText,
    setItem: write,
    setItemRaw: (key, value) => write(key, String(value)),
    async removeItem(key) {
      await rm(pathOf(key), { force: true })
    },
    async getKeys(prefix) {
      const out: string[] = []
      const parts = prefix ? prefix.split(':').filter(Boolean) : []
      await walk(join(base, ...parts), parts.length ? `${parts.join(':')}:` : '', out)
      return out
    },
    async clear() {
      await rm(base, { recursive: true, force: true })
    },
  }
})

/**
 * Removes what writes interrupted by a crash left beside their records (their temporary files):
 * at start, while no write of this data dir runs (one server per data dir). Answers how many.
 */
export async function removeInterruptedWrites(dataDir: string): Promise<number> {
  let removed = 0
  const sweep = async (dir: string): Promise<void> => {
    let entries
    try {
      entries = await readdir(dir, { withFileTypes: true })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
      throw error
    }
    for (const entry of entries) {
      if (entry.isDirectory()) await sweep(join(dir, entry.name))
      else if (TEMP.test(entry.name)) {
        await rm(join(dir, entry.name), { force: true })
        removed++
      }
    }
  }
  await sweep(resolve(dataDir))
  return removed
}

/**
 * Files under DATA_DIR, one JSON file a record. Atomic per write; one server process per
 * data dir, which lets it keep the records it reads in memory (up to `cacheSize` records, and
 * `cacheChars` characters of them: a scan of 50,000 invoices must not fill npm start's heap).
 */
export function fsAdapter(dataDir: string, cacheSize = 20_000, cacheChars = 8_000_000): DriverAdapter {
  const driver = atomicFsDriver({ base: dataDir })
  return lockedAdapter('fs', createStorage({ driver }), (parent) => driver.getInstance!().children(parent), {
    cacheSize,
    cacheChars,
    soleWriter: true,
  })
}
