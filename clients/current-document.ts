// The OpenAPI document the code makes now (what GET /api/openapi.json answers), without a server:
// the BFF over an empty store in memory. Read by the breaking-change check and the SDK's generation.
import { createBff } from '../bff/app.ts'
import { loadConfig } from '../bff/config.ts'
import { openStore } from '../storage/open.ts'

export async function currentDocument(): Promise<unknown> {
  const config = loadConfig({
    NODE_ENV: 'test',
    STORAGE_DRIVER: 'memory',
    JWT_SECRET: 'document-only-'.padEnd(40, '0'),
  })
  const { api } = await createBff({
    config,
    store: await openStore({ driver: 'memory' }),
    log: { info() {}, error() {} },
  })
  return (await api.request('/openapi.json')).json()
}

// `node clients/current-document.ts [file]`: the document to a file (npm run lint:api) or stdout
if (import.meta.url === `file://${process.argv[1]}`) {
  const { mkdirSync, writeFileSync } = await import('node:fs')
  const { dirname } = await import('node:path')
  const text = `${JSON.stringify(await currentDocument(), null, 2)}\n`
  const file = process.argv[2]
  if (file) {
    mkdirSync(dirname(file), { recursive: true })
    writeFileSync(file, text)
  } else process.stdout.write(text)
}
