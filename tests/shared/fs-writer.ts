// Writes ever new versions of one large record until killed. Used by the crash test.
import { openStore } from '../../storage/open.ts'

const [dataDir, key] = process.argv.slice(2)
const store = await openStore({ driver: 'fs', dataDir })
process.stdout.write('ready\n')
for (let i = 0; ; i++) {
  const fill = String(i % 10).repeat(200_000)
  await store.put(key, { i, fill, check: fill.length })
}
