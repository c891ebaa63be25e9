// The Node server, loaded by the Node entry (node.ts): takes the settings, opens storage, serves on PORT.
import { serve } from '@hono/node-server'
import { getConnInfo } from '@hono/node-server/conninfo'
import { serveStatic } from '@hono/node-server/serve-static'
import type { ServerBuild } from 'react-router'
import { loadConfigOrExit } from '../config.ts'
import { createServer } from '../server.ts'
import { smtpMailer } from '../lib/smtp-mailer.ts'
import { forwardedAddress } from '../lib/client-address.ts'
import { consoleLogger } from '../app.ts'
import { startScheduledWork } from '../lib/scheduled-work.ts'
import { CRASH_HEADER, crashPoint } from './crash-point.ts'
import { startReconciler } from '../lib/derived-facts.ts'
import { keepConnectionsAfterRefusals, limitConnections, timeLimits } from './keep-alive.ts'
import { seedDemoData } from '../../seeds/index.ts'
import { commonStorageChoice, openStore } from '../../storage/open.ts'
import { DEMO_ADMIN, DEMO_TECHNICIAN } from '../../seeds/tenancy.ts'

/** Starts the server with the settings the entry read before it chose React's build. */
export async function serveNode(settings: Record<string, string | undefined>) {
  const config = loadConfigOrExit(settings, (code) => process.exit(code))

  const choice = commonStorageChoice(config)
  if (!choice) {
    console.error(
      `Invalid setting STORAGE_DRIVER: ${config.storageDriver} runs on its own platform (Workers or Deno), not on Node`,
    )
    process.exit(1)
  }
  // a fault test's crash point (bff/runtime/crash-point.ts), the day its clock starts on and the
  // moment (epoch ms) its scheduled work first runs — at once if past: only where NODE_ENV=test
  const testing = settings.NODE_ENV === 'test'
  const crashAt = testing ? Number(settings.CRASH_AFTER_WRITES ?? 0) : 0
  const crashOnRequest = testing && settings.CRASH_ON_REQUEST === '1'
  const clockFrom = testing && settings.TEST_CLOCK ? Date.parse(settings.TEST_CLOCK) : NaN
  const startedAt = Date.now()
  const now = Number.isNaN(clockFrom) ? undefined : () => clockFrom + (Date.now() - startedAt)
  const firstRunMs =
    testing && settings.TEST_SCHEDULED_AT ? Math.max(0, Number(settings.TEST_SCHEDULED_AT) - Date.now()) : undefined
  const opened = await openStore(choice)
  const crashing = crashAt > 0 || crashOnRequest ? crashPoint(opened) : null
  const store = crashing?.store ?? opened
  if (config.demoData) await seedDemoData(store, consoleLogger, config.passwordIterations, config.demoTimeZone)
  const build = (await import(new URL('../../build/server/index.js', import.meta.url).href)) as ServerBuild
  const { app, bff } = await createServer({
    config,
    store,
    now,
    build,
    staticFiles: serveStatic({ root: './build/client' }),
    compress: true,
    mailer: config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : null,
    clientAddress: (c) =>
      config.trustedProxyHeader
        ? forwardedAddress(c.req.header(config.trustedProxyHeader))
        : c.env
          ? getConnInfo(c).remote.address
          : undefined,
  })

  const server = serve(
    {
      fetch:
        crashing && crashOnRequest
          ? (request, env) => {
              const n = Number(request.headers.get(CRASH_HEADER))
              if (n > 0) crashing.arm(n)
              return app.fetch(request, env)
            }
          : app.fetch,
      port: config.port,
      serverOptions: timeLimits(config.headersTimeoutMs, config.bodyTimeoutMs),
      // a refused body is read by keepConnectionsAfterRefusals, within the request's time limit: the
      // adapter's own reading gives up after 500 ms, and a phone still sending then gets no answer
      autoCleanupIncoming: false,
    },
    (info) => {
      if (crashAt > 0) crashing?.arm(crashAt)
      console.log(`Fieldwise is running at http://localhost:${info.port} (storage: ${store.driver})`)
      if (config.demoData) {
        console.log(
          `Demo sign-in: ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}  (technician: ${DEMO_TECHNICIAN.email} / ${DEMO_TECHNICIAN.password})`,
        )
      }
    },
  )
  // a refusal that left a body unread keeps the connection for the next request
  keepConnectionsAfterRefusals(server)
  limitConnections(server, config.trustedProxyHeader ? 0 : config.connectionsPerAddress)

  // overdue invoices reminded and the maintenance plans' orders made as the days pass (bff/lib/scheduled-work.ts)
  const stopScheduledWork = startScheduledWork(bff.deps, firstRunMs)
  // what a process sharing the data left owed when it died (bff/lib/derived-facts.ts)
  const stopReconciler = startReconciler(bff.deps, store.writeMark() === null)

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      stopScheduledWork()
      stopReconciler()
      server.close()
      void store.dispose().finally(() => process.exit(0))
    })
  }
}
