// The Deno server, loaded by the Deno entry (deno.ts): takes the settings, opens storage, serves on PORT.
import { serveStatic } from 'hono/deno'
import type { ServerBuild } from 'react-router'
import { loadConfigOrExit, type Config } from '../config.ts'
import { createServer } from '../server.ts'
import { startScheduledWork } from '../lib/scheduled-work.ts'
import { startReconciler } from '../lib/derived-facts.ts'
import { smtpMailer } from '../lib/smtp-mailer.ts'
import { forwardedAddress } from '../lib/client-address.ts'
import { consoleLogger } from '../app.ts'
import { seedDemoData } from '../../seeds/index.ts'
import { commonStorageChoice, openStore, type StorageChoice } from '../../storage/open.ts'
import type { DenoKv } from '../../storage/drivers/deno-kv.ts'
import { DEMO_ADMIN } from '../../seeds/tenancy.ts'

declare const Deno: {
  openKv(path?: string): Promise<DenoKv>
  mkdir(path: string, options: { recursive: boolean }): Promise<void>
  serve(
    options: { port: number; hostname?: string; onListen?: (addr: { port: number }) => void },
    handler: (request: Request, info: { remoteAddr: { hostname: string } }) => Response | Promise<Response>,
  ): unknown
  exit(code: number): never
}

async function storageChoice(config: Config): Promise<StorageChoice> {
  if (config.storageDriver === 'deno-kv') {
    await Deno.mkdir(config.dataDir, { recursive: true })
    return { driver: 'deno-kv', kv: await Deno.openKv(`${config.dataDir}/deno.kv`) }
  }
  const choice = commonStorageChoice(config)
  if (choice) return choice
  console.error('Invalid setting STORAGE_DRIVER: cloudflare-kv runs on Cloudflare Workers, not on Deno')
  Deno.exit(1)
}

/** Starts the server with the settings the entry read before it chose React's build. */
export async function serveDeno(settings: Record<string, string>) {
  const config = loadConfigOrExit(settings, (code) => Deno.exit(code))
  const store = await openStore(await storageChoice(config))
  if (config.demoData) await seedDemoData(store, consoleLogger, config.passwordIterations, config.demoTimeZone)
  const build = (await import(new URL('../../build/server/index.js', import.meta.url).href)) as ServerBuild
  const { app, bff } = await createServer({
    config,
    store,
    build,
    staticFiles: serveStatic({ root: './build/client' }),
    mailer: config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : null,
    clientAddress: (c) =>
      config.trustedProxyHeader
        ? forwardedAddress(c.req.header(config.trustedProxyHeader))
        : (c.env as { remoteAddr?: { hostname: string } } | undefined)?.remoteAddr?.hostname,
  })

  Deno.serve(
    {
      port: config.port,
      onListen: ({ port }) => {
        console.log(`Fieldwise is running on Deno at http://localhost:${port} (storage: ${store.driver})`)
        if (config.demoData) console.log(`Demo sign-in: ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`)
      },
    },
    (request, info) => app.fetch(request, info),
  )
  // overdue invoices reminded and the maintenance plans' orders made (bff/lib/scheduled-work.ts): the same timer as on Node
  startScheduledWork(bff.deps)
  // what a process sharing the data left owed when it died (bff/lib/derived-facts.ts)
  startReconciler(bff.deps, store.writeMark() === null)
}
