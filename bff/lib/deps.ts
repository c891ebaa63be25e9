import type { DerivedFacts } from './derived-facts.ts'
import type { Context } from 'hono'
import type { Config } from '../config.ts'
import type { Live } from './live.ts'
import type { Printing } from './printing.ts'
import type { PublicThrottle } from './public-throttle.ts'
import type { Repositories } from '../../storage/repositories/index.ts'
import type { Grant, UserRecord } from '../../domain/tenancy.ts'
import type { SessionRecord } from '../../storage/repositories/sessions.ts'

export type Logger = {
  info(message: string): void
  error(message: string, error?: unknown): void
}

/** What every API area is built from; made once per process by `createBff`. */
export type Deps = {
  config: Config
  repos: Repositories
  secret: Uint8Array
  verifyToken: (token: string, nowSeconds: number) => Promise<{ sub: string; sid: string } | null>
  log: Logger
  now: () => number
  /** The mail server's sender (SMTP_URL), or null: then links go to the log. */
  mailer: Mailer | null
  /** The caller's network address, as the runtime knows it (for throttling). */
  clientAddress: (c: Context) => string | undefined
  /** The API itself, in process (a route answered from other routes: the header search asks the modules' lists). */
  inProcess: (path: string, init: RequestInit, env: unknown) => Promise<Response>
  /** The open dispatch boards of this process (bff/lib/live.ts). */
  live: Live
  /** The PDFs this process printed and the turn its renders take (bff/lib/printing.ts). */
  printing: Printing
  /** What each address asked of the client's links lately, in this process (bff/lib/public-throttle.ts). */
  publicThrottle: PublicThrottle
  /** The settling of the derived facts writes owe (bff/lib/derived.ts). */
  derived: DerivedFacts
}

/** One e-mail of the app (a quote's link, an invitation ...). */
export type MailMessage = { to: string; subject: string; text: string }
/** Sends an e-mail; throws when the mail server refuses it. */
export type Mailer = (message: MailMessage) => Promise<void>

export type Auth = { user: UserRecord; userVersion: number; session: SessionRecord; token: string }
export type Tenant = { empresa: number; filial: number; grant: Grant }

/** Who a write no person made is by (a reminder, a plan's order, a debt settled): its timeline line names it. */
export const SYSTEM_ACTOR = { id: 'system', name: 'Fieldwise' }

/** `pageChecked`: the operation's declared page level was checked (bff/access.ts). */
/** `idempotency`: the hash of the request's Idempotency-Key and caller, when it sent one (bff/lib/idempotency.ts). */
export type AppEnv = { Variables: { auth: Auth; tenant: Tenant; pageChecked: boolean; idempotency?: string } }
