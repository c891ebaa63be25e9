import type { Hono } from 'hono'
import { Scalar } from '@scalar/hono-api-reference'
import { randomToken } from '../lib/base64.ts'
import { REFERENCE_SCRIPT } from '../lib/reference-script.ts'
import { openApiDocument, type TagInfo } from '../lib/openapi.ts'
import { MODULES } from '../../domain/modules/index.ts'
import { API_VERSION } from '../lib/api-version.ts'

type Doc = ReturnType<typeof openApiDocument>

/**
 * The reference page (Scalar: every operation with its examples, and a client to try each with
 * one's own token). Its script is served by the app itself (vite.config.ts puts Scalar's browser
 * bundle among the client's assets), and the page allows only that script and its own inline
 * one, by the request's nonce.
 */
export function referencePage() {
  return Scalar((c) => {
    const nonce = randomToken(18)
    c.header(
      'Content-Security-Policy',
      [
        "default-src 'none'",
        `script-src 'self' 'nonce-${nonce}'`,
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "font-src 'self' data:",
        "connect-src 'self'",
        "frame-ancestors 'none'",
        "base-uri 'none'",
        "form-action 'none'",
      ].join('; '),
    )
    return {
      url: '/api/openapi.json',
      cdn: REFERENCE_SCRIPT,
      nonce,
      pageTitle: 'Fieldwise API reference',
      withDefaultFonts: false,
      telemetry: false,
      // what Scalar offers of its own services (its AI, its MCP, its hosting) is not this API's
      showDeveloperTools: 'never',
      showToolbar: 'never',
      mcp: { disabled: true },
      agent: { disabled: true },
    }
  })
}

/** What each tag of the document covers; every module's page is one (its id), from the one list of modules. */
const TAGS: TagInfo = {
  system: 'Health, this document and its reference page',
  auth: 'Signing in and out, tokens, sign-up, password reset and the lock screen',
  common: 'The signed-in user: profile, settings, companies and branches, the shell',
  'common/messages': 'The messages panel of the shell',
  'common/notifications': 'The notifications panel of the shell',
  'common/shortcuts': 'The shortcuts panel of the shell',
  'common/navigation': 'The navigation the user’s page levels open',
  'common/search': 'The header search across the modules the user may read',
  'public quotes': 'A client’s quote link: read, print, approve or reject with the signed token in the path',
  'apps/contacts': 'Contacts (the demo app riding on the clients page)',
  'apps/chat': 'Chat (the demo app riding on the clients page)',
  'apps/ecommerce/inventory': 'Inventory (the demo app riding on the service catalogue page)',
  'apps/tasks': 'Tasks (the demo app riding on the technicians’ orders page)',
  'apps/notes': 'Notes (the demo app riding on the technicians’ orders page)',
  'apps/scrumboard': 'Scrumboard (the demo app riding on the service orders page)',
  'apps/file-manager': 'The file manager’s listing',
  'apps/mailbox': 'The company’s mailbox',
  'apps/help-center': 'Help center articles and FAQs',
  FileManager: 'Uploads and the company’s files',
  'ui/icons': 'The icon sets',
  dashboards: 'The dashboards’ figures',
  pages: 'The activity feed',
  i18n: 'The pages’ translation files',
  ...Object.fromEntries(MODULES.map((m) => [m.id, `${m.page.titles.en}: the ${m.id} page’s records (docs/domain.md)`])),
}

const INFO = {
  title: 'Fieldwise API',
  version: API_VERSION,
  description:
    'The API behind the Fieldwise pages, for integrators: sign in for a token, name the company and branch of each call, and read docs/api.md for the error shapes, money and versions.',
}

export function documentOf(api: Hono) {
  let cached: Doc | undefined
  return () => (cached ??= openApiDocument(api, INFO, TAGS))
}
