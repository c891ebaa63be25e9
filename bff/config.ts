import { z } from 'zod'
import { PBKDF2_ITERATIONS } from './lib/passwords.ts'
import { DEFAULT_LAYOUT, LAYOUTS } from '../domain/layouts.ts'
import { isTimeZone } from '../domain/dates.ts'

const flag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true')

const optionalUrl = (what: string) =>
  z.preprocess((v) => (v === '' ? undefined : v), z.url({ message: `must be an http(s) URL (${what})` }).optional())

/** Every setting the app reads, all from the environment of the runtime entry. */
export const configSchema = z
  .object({
    NODE_ENV: z
      .enum(['development', 'production', 'test'], { message: 'must be development, production or test' })
      .default('development'),
    PORT: z.coerce
      .number({ message: 'must be a port number' })
      .int()
      .min(1, 'must be a port number from 1 to 65535')
      .max(65535, 'must be a port number from 1 to 65535')
      .default(3000),
    STORAGE_DRIVER: z
      .enum(['fs', 'memory', 'redis', 'cloudflare-kv', 'deno-kv'], {
        message: 'must be one of fs, memory, redis, cloudflare-kv, deno-kv',
      })
      .default('fs'),
    DATA_DIR: z.string().min(1, 'must be a folder path').default('.data'),
    REDIS_URL: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z
        .string()
        .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
        .optional(),
    ),
    JWT_SECRET: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z
        .string()
        .refine((s) => new TextEncoder().encode(s).length >= 32, 'must be at least 32 bytes long')
        .optional(),
    ),
    UPSTREAM_API_URL: optionalUrl('the real backend'),
    UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive('must be a positive number of milliseconds').default(15_000),
    HEADERS_TIMEOUT_MS: z.coerce.number().int().positive('must be a positive number of milliseconds').default(10_000),
    BODY_TIMEOUT_MS: z.coerce.number().int().positive('must be a positive number of milliseconds').default(60_000),
    CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0, 'must be 0 (no cap) or more').default(100),
    PDF_TIME_LIMIT_MS: z.coerce.number().int().positive('must be a positive number of milliseconds').default(10_000),
    SIMULATE_LATENCY: flag,
    CARD_PROVIDER_PUBLIC_KEY: z.preprocess((v) => (v === '' ? undefined : v), z.string().max(200).optional()),
    CARD_PROVIDER_URL: optionalUrl('the card provider’s API'),
    CARD_PROVIDER_SECRET_KEY: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.string().min(16, 'must be at least 16 characters').optional(),
    ),
    CARD_PROVIDER_WEBHOOK_SECRET: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.string().min(16, 'must be at least 16 characters').optional(),
    ),
    PUBLIC_URL: optionalUrl('where the app is reached, for links in e-mails'),
    SMTP_URL: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z
        .string()
        .regex(/^smtps?:\/\/[^\s]+$/, 'must be an smtp:// or smtps:// URL (user:password@host:port)')
        .optional(),
    ),
    MAIL_FROM: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z
        .string()
        .max(200)
        .regex(/^[^\r\n]*<?[^\s@<>]+@[^\s@<>]+>?$/, 'must be an address, like Acme <quotes@acme.example>')
        .optional(),
    ),
    PASSWORD_HASH_ITERATIONS: z.coerce
      .number({ message: 'must be a number' })
      .int()
      .min(1000, 'must be at least 1000')
      .optional(),
    TRUSTED_PROXY_HEADER: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z
        .string()
        .regex(/^[A-Za-z0-9-]{1,64}$/, 'must be a header name')
        .toLowerCase()
        .optional(),
    ),
    DEMO_DATA: z.enum(['0', '1', ''], { message: 'must be 0 or 1' }).optional(),
    DEMO_TIME_ZONE: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.string().refine(isTimeZone, 'must be an IANA time zone, like America/Sao_Paulo').optional(),
    ),
    SIGNUP: z.enum(['open', 'closed', ''], { message: 'must be open or closed' }).optional(),
    DEFAULT_LAYOUT: z.enum(LAYOUTS, { message: `must be one of ${LAYOUTS.join(', ')}` }).default(DEFAULT_LAYOUT),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.JWT_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'is required in production (at least 32 bytes)' })
    }
    if (env.NODE_ENV === 'production' && env.PUBLIC_URL?.startsWith('http://')) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message: 'must be an https:// address in production (links sent to people, cookies that are Secure)',
      })
    }
    if (env.NODE_ENV === 'production' && !env.PUBLIC_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message: 'is required in production (the address in password reset links)',
      })
    }
    // a production log never holds a secret link, so a confirmation would reach nobody
    if (env.NODE_ENV === 'production' && env.SIGNUP === 'open' && !env.SMTP_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['SIGNUP'],
        message:
          'cannot be open in production without a mail server (SMTP_URL): the confirmation links are e-mailed, never logged',
      })
    }
    if (env.PASSWORD_HASH_ITERATIONS !== undefined && env.NODE_ENV !== 'test') {
      ctx.addIssue({
        code: 'custom',
        path: ['PASSWORD_HASH_ITERATIONS'],
        message: 'is for the tests only (NODE_ENV=test): passwords are hashed with 600,000 rounds',
      })
    }
    if (env.STORAGE_DRIVER === 'redis' && !env.REDIS_URL) {
      ctx.addIssue({ code: 'custom', path: ['REDIS_URL'], message: 'is required when STORAGE_DRIVER=redis' })
    }
  })

export type Settings = z.output<typeof configSchema>

export type Config = {
  env: Settings['NODE_ENV']
  production: boolean
  port: number
  storageDriver: Settings['STORAGE_DRIVER']
  dataDir: string
  redisUrl?: string
  /** Undefined only outside production: the app then generates one and keeps it in storage. */
  jwtSecret?: string
  upstreamApiUrl?: string
  upstreamTimeoutMs: number
  /** Node: how long a client may take to send a request's headers, and its whole request (docs/api.md §6). */
  headersTimeoutMs: number
  bodyTimeoutMs: number
  /** Node: open connections one address may hold (0: no cap; not applied behind a trusted proxy). */
  connectionsPerAddress: number
  /** How long a document's PDF may take, waiting its turn included, before it is given up (503). */
  pdfTimeLimitMs: number
  simulateLatency: boolean
  /** The card provider (product-shell.md §7, docs/domain.md cd_invoice): unset, invoices offer no card. */
  cardProvider?: { publicKey: string; url: string; secretKey: string; webhookSecret: string }
  publicUrl?: string
  /** Where e-mail goes out (Node and Deno); unset, links are written to the log outside production, and go nowhere in production. */
  smtpUrl?: string
  /** The sender of the app's e-mail. */
  mailFrom: string
  /** The signed-in screens' frame unless the address or the route asks for another. */
  defaultLayout: Settings['DEFAULT_LAYOUT']
  /**
   * Load the demo companies and their published sign-ins on first start: in development and
   * tests, or where DEMO_DATA=1 asks for it (a preview). Never by default in production.
   */
  demoData: boolean
  /** The demo company's time zone (DEMO_TIME_ZONE; unset, the seed's): its visits and invoices are laid out around the day they are loaded, there. */
  demoTimeZone?: string
  /**
   * Whether anyone may sign up and found a company (SIGNUP): open outside production; in
   * production closed unless SIGNUP=open (a company's own server takes no strangers).
   */
  signUpOpen: boolean
  /** Behind a proxy (Node, Deno): the header whose last value is the client's address (x-forwarded-for ...); unset, the connection's peer. */
  trustedProxyHeader?: string
  /** PBKDF2 rounds of a new password hash: 600,000; the tests may set fewer (NODE_ENV=test). */
  passwordIterations: number
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ConfigError'
  }
}

/**
 * The card provider (product-shell.md §7: initialised with a public key): with the public key set,
 * its API's address and secret key and the webhook's signing secret are needed too — a key
 * without them stops the start, rather than a pay button that fails.
 */
function cardProviderOf(s: z.output<typeof configSchema>): Config['cardProvider'] {
  if (!s.CARD_PROVIDER_PUBLIC_KEY) return undefined
  const missing = (['CARD_PROVIDER_URL', 'CARD_PROVIDER_SECRET_KEY', 'CARD_PROVIDER_WEBHOOK_SECRET'] as const).find(
    (name) => !s[name],
  )
  if (missing) throw new ConfigError(`Invalid setting ${missing}: needed with CARD_PROVIDER_PUBLIC_KEY`)
  return {
    publicKey: s.CARD_PROVIDER_PUBLIC_KEY,
    url: s.CARD_PROVIDER_URL!.replace(/\/+$/, ''),
    secretKey: s.CARD_PROVIDER_SECRET_KEY!,
    webhookSecret: s.CARD_PROVIDER_WEBHOOK_SECRET!,
  }
}

/** Validates the environment; a bad setting throws ConfigError with one line naming it. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const parsed = configSchema.safeParse(env)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new ConfigError(`Invalid setting ${String(issue.path[0] ?? '')}: ${issue.message}`)
  }
  const s = parsed.data
  return {
    env: s.NODE_ENV,
    production: s.NODE_ENV === 'production',
    port: s.PORT,
    storageDriver: s.STORAGE_DRIVER,
    dataDir: s.DATA_DIR,
    redisUrl: s.REDIS_URL,
    jwtSecret: s.JWT_SECRET,
    upstreamApiUrl: s.UPSTREAM_API_URL,
    upstreamTimeoutMs: s.UPSTREAM_TIMEOUT_MS,
    headersTimeoutMs: s.HEADERS_TIMEOUT_MS,
    bodyTimeoutMs: s.BODY_TIMEOUT_MS,
    connectionsPerAddress: s.CONNECTIONS_PER_ADDRESS,
    pdfTimeLimitMs: s.PDF_TIME_LIMIT_MS,
    simulateLatency: s.SIMULATE_LATENCY,
    cardProvider: cardProviderOf(s),
    publicUrl: s.PUBLIC_URL,
    smtpUrl: s.SMTP_URL,
    mailFrom: s.MAIL_FROM ?? `Fieldwise <no-reply@${s.PUBLIC_URL ? new URL(s.PUBLIC_URL).hostname : 'localhost'}>`,
    defaultLayout: s.DEFAULT_LAYOUT,
    trustedProxyHeader: s.TRUSTED_PROXY_HEADER,
    passwordIterations: s.PASSWORD_HASH_ITERATIONS ?? PBKDF2_ITERATIONS,
    demoData: s.DEMO_DATA ? s.DEMO_DATA === '1' : s.NODE_ENV !== 'production',
    demoTimeZone: s.DEMO_TIME_ZONE,
    signUpOpen: s.SIGNUP ? s.SIGNUP === 'open' : s.NODE_ENV !== 'production',
  }
}

/** For the runtime entries: the config, or the one-line message and exit code 1. */
export function loadConfigOrExit(env: Record<string, string | undefined>, exit: (code: number) => never): Config {
  try {
    return loadConfig(env)
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    console.error(error.message)
    return exit(1)
  }
}
