// The Cloudflare Workers entry (wrangler.toml): bindings in, the same Hono app out.
import type { ServerBuild } from 'react-router'
import * as serverBuild from 'virtual:server-build'
import { ConfigError, loadConfig } from '../config.ts'
import { createServer, type Server } from '../server.ts'
import { consoleLogger } from '../app.ts'
import { scheduledWork } from '../lib/scheduled-work.ts'
import { seedDemoData } from '../../seeds/index.ts'
import { cloudflareKvAdapter } from '../../storage/drivers/cloudflare-kv.ts'
import {
  companyShard,
  durableObjectAdapter,
  isStrictKey,
  routedAdapter,
  type DurableNamespace,
} from '../../storage/drivers/durable-object.ts'
import { memoryAdapter } from '../../storage/drivers/memory.ts'
import { createStore, type DriverAdapter } from '../../storage/store.ts'

/** Workers find a Durable Object's class among the main module's exports (wrangler.toml, STRICT). */
export { StrictStore } from '../../storage/drivers/durable-object.ts'

type Env = Record<string, unknown> & { DATA: unknown; STRICT?: DurableNamespace }
import type { ExecutionContext } from 'hono'

let server: Promise<Server> | undefined

/**
 * KV for the data; with the STRICT binding, what must be exact (number series, quotes, orders,
 * invoices: docs/domain.md, "Every write exactly once") goes to the Durable Object instead.
 */
function adapterFor(driver: string, env: Env): DriverAdapter {
  if (driver === 'memory') return memoryAdapter()
  const kv = cloudflareKvAdapter(env.DATA)
  if (driver !== 'cloudflare-kv' || !env.STRICT) return kv
  return routedAdapter(kv, durableObjectAdapter(env.STRICT, companyShard), isStrictKey)
}

async function start(env: Env): Promise<Server> {
  const settings = Object.fromEntries(Object.entries(env).filter(([, v]) => typeof v === 'string')) as Record<
    string,
    string
  >
  const config = loadConfig(settings)
  // a Worker sends no e-mail, and a production log holds no link: no sign-up could be confirmed
  if (config.production && config.signUpOpen)
    throw new ConfigError('Invalid setting SIGNUP: cannot be open in production on Workers, which send no e-mail')
  const store = createStore(adapterFor(config.storageDriver, env))
  if (config.demoData) await seedDemoData(store, consoleLogger, config.passwordIterations, config.demoTimeZone)
  // a Worker opens no SMTP connection: links go to the log outside production, the office copies them from the app
  if (config.smtpUrl) consoleLogger.error('SMTP_URL is set but Workers send no e-mail')
  return createServer({
    config,
    store,
    build: serverBuild as unknown as ServerBuild,
    clientAddress: (c) => c.req.header('cf-connecting-ip'),
  })
}

/** This isolate's server, started on its first request or cron run. */
function serverOf(env: Env): Promise<Server> {
  server ??= start(env).catch((error) => {
    server = undefined
    throw error
  })
  return server
}

export default {
  async fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    const { app } = await serverOf(env)
    return app.fetch(request, env, ctx)
  },
  /** The Cron Trigger of wrangler.toml: the scheduled work (invoices reminded, plans' orders made) and what died owed settled, as the timers of Node and Deno do (docs/domain.md). */
  async scheduled(_controller: unknown, env: Env): Promise<void> {
    const { bff } = await serverOf(env)
    await scheduledWork(bff.deps)
    // what an isolate left owed when it died (bff/lib/derived-facts.ts): the Workers share their data
    consoleLogger.info(`derived facts: ${await bff.deps.derived.reconcile(false)} settled`)
  },
}
