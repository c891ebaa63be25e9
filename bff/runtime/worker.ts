// The Cloudflare Workers entry (wrangler.toml): bindings in, the same Hono app out.
import type { ServerBuild } from 'react-router'
import * as serverBuild from 'virtual:server-build'
import { loadConfig } from '../config.ts'
import { createServer, type Server } from '../server.ts'
import { consoleLogger } from '../app.ts'
import { seedDemoData } from '../../seeds/index.ts'
import { cloudflareKvAdapter } from '../../storage/drivers/cloudflare-kv.ts'
import { memoryAdapter } from '../../storage/drivers/memory.ts'
import { createStore } from '../../storage/store.ts'

type Env = Record<string, unknown> & { DATA: unknown }
import type { ExecutionContext } from 'hono'

let server: Promise<Server> | undefined

async function start(env: Env): Promise<Server> {
  const settings = Object.fromEntries(Object.entries(env).filter(([, v]) => typeof v === 'string')) as Record<
    string,
    string
  >
  const config = loadConfig(settings)
  const store = createStore(config.storageDriver === 'memory' ? memoryAdapter() : cloudflareKvAdapter(env.DATA))
  if (config.demoData) await seedDemoData(store, consoleLogger, config.passwordIterations)
  // a Worker opens no SMTP connection: links go to the log, the office copies them from the quote
  if (config.smtpUrl) consoleLogger.error('SMTP_URL is set but Workers send no e-mail: links go to the log')
  return createServer({
    config,
    store,
    build: serverBuild as unknown as ServerBuild,
    clientAddress: (c) => c.req.header('cf-connecting-ip'),
  })
}

export default {
  async fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    server ??= start(env).catch((error) => {
      server = undefined
      throw error
    })
    const { app } = await server
    return app.fetch(request, env, ctx)
  },
}
