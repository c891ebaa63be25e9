import { Hono, type Context } from 'hono'
import { createLive } from './lib/live.ts'
import { pageCaller } from './lib/client-address.ts'
import { createPrinting } from './lib/printing.ts'
import { createPublicThrottle } from './lib/public-throttle.ts'
import { bodyLimit } from 'hono/body-limit'
import type { Config } from './config.ts'
import type { AppEnv, Deps, Logger, Mailer } from './lib/deps.ts'
import { apiError, jsonException, onApiError, RETRY_AFTER_SECONDS } from './lib/errors.ts'
import { idempotentWrites } from './lib/idempotency.ts'
import { signingSecret } from './lib/secret.ts'
import { createTokenVerifier } from './lib/tokens.ts'
import { FORWARDED, forwardUpstream } from './lib/upstream.ts'
import { authRoutes } from './routes/auth.ts'
import { documentOf, referencePage } from './routes/docs.ts'
import { closeQueries, doc, operations } from './lib/openapi.ts'
import { z } from 'zod'
import { quotePublicRoutes } from './routes/quote-public.ts'
import { invoicePublicRoutes } from './routes/invoice-public.ts'
import { cardWebhookRoutes } from './routes/card-webhook.ts'
import { contactsRoutes } from './routes/contacts.ts'
import { chatRoutes } from './routes/chat.ts'
import { activityRoutes, dashboardRoutes } from './routes/dashboards.ts'
import { reportRoutes } from './routes/cd-reports.ts'
import { i18nRoutes } from './routes/i18n.ts'
import { inventoryRoutes } from './routes/inventory.ts'
import { tasksRoutes } from './routes/tasks.ts'
import { notesRoutes } from './routes/notes.ts'
import { mailboxRoutes } from './routes/mailbox.ts'
import { scrumboardRoutes } from './routes/scrumboard.ts'
import { helpCenterRoutes } from './routes/help-center.ts'
import { fileListingRoutes, fileManagerRoutes, fileServeRoutes } from './routes/files.ts'
import { UPLOAD_MAX_BYTES } from '../domain/upload-limits.ts'
import { iconRoutes } from './routes/icons.ts'
import { MODULE_ROUTES } from './routes/modules.ts'
import { schedulingRoutes } from './routes/cd-ordemagendamento.ts'
import { techOrderRoutes } from './routes/cd-techorders.ts'
import { invitationRoutes } from './routes/invitations.ts'
import { commonUserRoutes } from './routes/common-user.ts'
import { shellRoutes } from './routes/common-shell.ts'
import { messagesRoutes, notificationsRoutes, shortcutsRoutes } from './routes/common-panels.ts'
import { navigationRoutes, searchRoutes } from './routes/common-search.ts'
import { createRepositories } from '../storage/repositories/index.ts'
import { migrate } from '../storage/migrations.ts'
import { derivedFacts } from './lib/derived-facts.ts'
import { reports } from './lib/reports.ts'
import type { Store } from '../storage/store.ts'

/** JSON bodies above this are refused with 413 as soon as the limit is passed. */
export const JSON_BODY_LIMIT = 1024 * 1024

const healthSchema = z.object({ status: z.literal('ok'), storage: z.string() }).strict()
const downSchema = z
  .object({ status: z.literal('down'), storage: z.string(), down: z.array(z.enum(['storage'])) })
  .strict()
/** How long the health check waits for the storage to answer. */
const HEALTH_BOUND_MS = 2000
const BODYLESS = new Set(['GET', 'HEAD', 'OPTIONS'])

export type BffOptions = {
  config: Config
  store: Store
  log?: Logger
  now?: () => number
  clientAddress?: (c: Context) => string | undefined
  /** How e-mail goes out where the runtime can reach a mail server (Node, Deno: SMTP_URL). */
  mailer?: Mailer | null
}

export const consoleLogger: Logger = {
  info: (message) => console.log(message),
  error: (message, error) => console.error(message, error),
}

/** The BFF: one Hono app of all API areas, to be mounted under /api. */
export async function createBff(options: BffOptions) {
  const { config, store } = options
  const repos = createRepositories(store)
  const secret = await signingSecret(config, repos)
  await repos.users.ensureIndex()
  const log = options.log ?? consoleLogger
  // data stored by an older version catches up with this one (a new module's page ...)
  for (const step of await migrate(store))
    if (step.changed) log.info(`Stored data brought up to date: ${step.name} (${step.changed} changed)`)
  // the data's one writer starts: numbers a crash left pending are confirmed or given back (no gap)
  const now = options.now ?? Date.now
  if (store.writeMark() !== null) await Promise.all([repos.settleSeries(), repos.idempotency(now).settle()])
  const deps: Deps = {
    config,
    repos,
    secret,
    verifyToken: createTokenVerifier(secret),
    log,
    now,
    // a page's in-process call is its page request's caller's (bff/server.ts)
    clientAddress: (c) => pageCaller(c.env) ?? options.clientAddress?.(c),
    mailer: options.mailer ?? null,
    // the API is made below, before any request comes
    inProcess: async (path, init, env) => api.request(path, init, env),
    live: createLive(),
    printing: createPrinting(),
    publicThrottle: createPublicThrottle(),
    // made below, from these deps
    derived: { settle: async () => false, reconcile: async () => 0 },
  }
  deps.derived = derivedFacts(deps)
  // what a crash left owed is settled (bff/lib/derived.ts): every debt by the data's one writer, else
  // each brought up to date and paid once its write is surely over
  await deps.derived.reconcile(store.writeMark() !== null).then(
    (settled) => settled && log.info(`Derived facts a crash left owed, settled: ${settled}`),
    (error: unknown) => log.error('Derived facts a crash left owed are settled on their next read', error),
  )
  // the reports' figures of records they were not kept for yet (an older version's, the demo's)
  await reports(deps)
    .backfill()
    .then(
      (settled) => settled && log.info(`Report figures worked out for ${settled} invoices`),
      (error: unknown) => log.error('Report figures are worked out at the next start', error),
    )
  const limit = bodyLimit({
    maxSize: JSON_BODY_LIMIT,
    onError: () => {
      throw apiError(413, 'The request body is too large')
    },
  })
  // Uploads: the files and a little room for the other form fields; refused as soon as it is passed.
  const uploadLimit = bodyLimit({
    maxSize: UPLOAD_MAX_BYTES + 64 * 1024,
    onError: () => {
      throw apiError(413, 'File size exceeds the limit of 5 MB.')
    },
  })
  // upstream mode: the real backend answers the ac_*, cd_* and FileManager calls
  const upstream = config.upstreamApiUrl ? forwardUpstream(deps, config.upstreamApiUrl, config.upstreamTimeoutMs) : null
  const idempotent = idempotentWrites(deps)
  const api = new Hono<AppEnv>()
    .use((c, next) => {
      // Set before the handler runs, so Hono adds them as it builds the response.
      c.header('Cache-Control', 'no-store')
      c.header('X-Content-Type-Options', 'nosniff')
      // one middleware for all of it: each extra layer costs every call
      const answer =
        upstream && FORWARDED.test(c.req.path)
          ? async () => {
              c.res = await upstream(c)
            }
          : next
      // Requests without a body skip the limit (touching a GET's body costs time and memory).
      if (BODYLESS.has(c.req.method)) return answer()
      // a write runs once per Idempotency-Key (docs/api.md §8), its body bounded first; a forwarded
      // one is the upstream's to answer once (its body goes on unread, the key with it)
      const then = upstream && FORWARDED.test(c.req.path) ? answer : () => idempotent(c, answer)
      return (c.req.header('content-type') ?? '').startsWith('multipart/form-data')
        ? uploadLimit(c, then)
        : limit(c, then)
    })
    .get(
      '/health',
      doc({
        operationId: 'getHealth',
        description:
          'Whether the server can serve: it reads its storage, bounded by 2 s. 200 with the storage driver when it answers; 503 naming the part that is down when it does not, so a load balancer stops sending traffic. No token.',
        summary: 'Readiness, with the storage',
        tags: ['system'],
        auth: false,
        responses: { 200: healthSchema, 503: downSchema },
      }),
      async (c) => {
        const answered = await Promise.race([
          repos.ping().then(
            () => true,
            () => false,
          ),
          new Promise<false>((resolve) => setTimeout(resolve, HEALTH_BOUND_MS, false)),
        ])
        if (answered) return c.json({ status: 'ok' as const, storage: store.driver }, 200)
        c.header('Retry-After', String(RETRY_AFTER_SECONDS))
        return c.json({ status: 'down' as const, storage: store.driver, down: ['storage'] }, 503)
      },
    )
    .route('/auth', authRoutes(deps))
    .route('/common/user', commonUserRoutes(deps))
    .route('/common/invitations', invitationRoutes(deps))
    .route('/common/shell', shellRoutes(deps))
    .route('/common/messages', messagesRoutes(deps))
    .route('/common/notifications', notificationsRoutes(deps))
    .route('/common/shortcuts', shortcutsRoutes(deps))
    .route('/common/navigation', navigationRoutes(deps))
    .route('/common/search', searchRoutes(deps))
    .route('/public/quotes', quotePublicRoutes(deps))
    .route('/public/invoices', invoicePublicRoutes(deps))
    .route('/webhooks', cardWebhookRoutes(deps))
    .route('/cd_ordemagendamento', schedulingRoutes(deps))
    .route('/cd_techorders', techOrderRoutes(deps))
    .route('/apps/contacts', contactsRoutes(deps))
    .route('/apps/chat', chatRoutes(deps))
    .route('/apps/ecommerce/inventory', inventoryRoutes(deps))
    .route('/apps/tasks', tasksRoutes(deps))
    .route('/apps/notes', notesRoutes(deps))
    .route('/apps/mailbox', mailboxRoutes(deps))
    .route('/apps/scrumboard', scrumboardRoutes(deps))
    .route('/apps/help-center', helpCenterRoutes(deps))
    .route('/apps/file-manager', fileListingRoutes(deps))
    .route('/FileManager', fileManagerRoutes(deps))
    .route('/files', fileServeRoutes(deps))
    .route('/ui/icons', iconRoutes(deps))
    .route('/cd_reports', reportRoutes(deps))
    .route('/dashboards', dashboardRoutes(deps))
    .route('/pages/activities', activityRoutes(deps))
    .route('/i18n', i18nRoutes())
    .get(
      '/openapi.json',
      doc({
        operationId: 'getOpenApiDocument',
        storageFree: true,
        description: 'This OpenAPI 3.1 document, generated from the routes that serve the API. No token.',
        summary: 'This document',
        tags: ['system'],
        auth: false,
        responses: { 200: { description: 'OpenAPI 3.1', content: 'application/json' } },
      }),
      (c) => c.json(document()),
    )
    .get(
      '/docs',
      doc({
        operationId: 'getApiReference',
        storageFree: true,
        description:
          'The reference page of this document (HTML): every operation with its examples, and a client to try each with a token. No token.',
        summary: 'The API reference page',
        tags: ['system'],
        auth: false,
        responses: { 200: { description: 'HTML', content: 'text/html' } },
      }),
      referencePage(),
    )
  // every module's API at /api/<module>
  for (const [module, routes] of Object.entries(MODULE_ROUTES)) api.route(`/${module}`, routes(deps))
  const methodsOf = allowedMethods(api as unknown as Hono)
  /** No route for this method and path: 405 with Allow when the path has others, else 404 (in the path's error shape). */
  const unmatched = (c: Context) => {
    const allowed = methodsOf(c.req.path.replace(/^\/api(?=\/)/, ''))
    const refusal = allowed.length
      ? jsonException(405, { error: 'Method not allowed', code: 'method_not_allowed' }, { Allow: allowed.join(', ') })
      : jsonException(404, { error: 'Not found', code: 'not_found' })
    return onApiError(refusal, c, deps.log.error)
  }
  api.notFound(unmatched).onError((error, c) => onApiError(error, c, deps.log.error))
  // an operation that takes no query refuses any key sent to it (docs/api.md §3)
  closeQueries(api as unknown as Hono)
  const document = documentOf(api as unknown as Hono)
  return { api, deps, unmatched }
}

/** The methods an app answers on a path (GET brings HEAD), from its routes: what a 405's Allow lists. */
function allowedMethods(app: Hono): (path: string) => string[] {
  const routes = operations(app).map((op) => ({
    method: op.method,
    pattern: new RegExp(
      `^${op.path
        .split(/(:\w+)/)
        .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join('')}/?$`,
    ),
  }))
  return (path) => {
    const methods = new Set(routes.filter((r) => r.pattern.test(path)).map((r) => r.method))
    if (methods.has('GET')) methods.add('HEAD')
    return [...methods].sort()
  }
}

export type Bff = Awaited<ReturnType<typeof createBff>>
/** The API's routes, for the typed client of the pages (hono/client). */
export type ApiRoutes = Bff['api']
