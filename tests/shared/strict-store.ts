import { readFileSync } from 'node:fs'
import { build } from 'esbuild'
import { convertV4MiniflareOptions, Miniflare } from 'miniflare'
import type { DurableNamespace } from '../../storage/drivers/durable-object.ts'

/** The Worker's compatibility date, as wrangler.toml declares it. */
const COMPATIBILITY_DATE = /^compatibility_date = "([^"]+)"/m.exec(readFileSync('wrangler.toml', 'utf8'))![1]

/**
 * The StrictStore Durable Object in workerd (Miniflare), with a KV namespace beside it as on
 * Workers: storage/drivers/durable-object.ts bundled into a module that exports the class, as the
 * Worker's entry does. Node reaches both through Miniflare's bindings.
 */
export async function startStrictStore() {
  const bundle = await build({
    stdin: {
      contents: [
        "export { StrictStore } from './storage/drivers/durable-object.ts'",
        "export default { fetch: () => new Response('the strict store test worker') }",
      ].join('\n'),
      resolveDir: process.cwd(),
      loader: 'ts',
    },
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    write: false,
    logLevel: 'warning',
  })
  // this Miniflare takes its options in a new form; the converter reads the documented one
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      modules: true,
      script: bundle.outputFiles[0].text,
      compatibilityDate: COMPATIBILITY_DATE,
      // as wrangler.toml declares it: a SQLite-backed class (new_sqlite_classes)
      durableObjects: { STRICT: { className: 'StrictStore', useSQLite: true } },
      kvNamespaces: ['DATA'],
    }),
  )
  await mf.ready
  const namespace = (await mf.getDurableObjectNamespace('STRICT')) as unknown as DurableNamespace
  return {
    /** The STRICT binding as one isolate has it (its own stubs). */
    strict: () => keepStubs(namespace),
    kv: await mf.getKVNamespace('DATA'),
    dispose: () => mf.dispose(),
  }
}

/**
 * From Node, every call on a binding is a round trip to workerd, and `idFromName` and `get` block
 * the event loop while they wait: the stub of each object is made once per isolate. (A Worker
 * makes a stub per request, which costs nothing there.)
 */
function keepStubs(namespace: DurableNamespace): DurableNamespace {
  const stubs = new Map<string, ReturnType<DurableNamespace['get']>>()
  return {
    idFromName: (name) => name,
    get(name: never) {
      let stub = stubs.get(name)
      if (!stub) stubs.set(name, (stub = namespace.get(namespace.idFromName(name) as never)))
      return stub
    },
  }
}
