// Writes ever new versions of one large record until killed. Used by the crash test.
// It says "ready" once the first version is written, so a kill always has a version to keep:
// on a busy machine the first write alone can take longer than the test waits to kill.
import { openStore } from '../../storage/open.ts'

const [dataDir, key] = process.argv.slice(2)
const store = await openStore({ driver: 'fs', dataDir })
for (let i = 0; ; i++) {
  const fill = String(i % 10).repeat(200_000)
  await store.put(key, { i, fill, check: fill.length })
  if (i === 0) process.stdout.write('ready\n')
}
