import type { AccessLevel } from '../domain/access.ts'
import { MODULES } from '../domain/modules/index.ts'

/**
 * Who may call an operation (ASVS V8): anyone; any signed-in user, on their own data; any
 * active member of the company named in X-Empresa; or a page of the registry at a level —
 * `view` to read, `edit` to create and change, `delete` to delete, by the method unless the
 * entry names one. `perRecord`: the level is checked by the module in the company of the record
 * concerned (the companies list), or answered in the spec's own shape (the logo).
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'own' }
  | { kind: 'member' }
  | { kind: 'page'; page: string; level?: AccessLevel; perRecord?: true }

const PUBLIC: Access = { kind: 'public' }
const OWN: Access = { kind: 'own' }
const MEMBER: Access = { kind: 'member' }
const page = (name: string, options: { level?: AccessLevel; perRecord?: true } = {}): Access => ({
  kind: 'page',
  page: name,
  ...options,
})

/**
 * Every API operation's access, by path under /api, the longest prefix first; a method may be
 * named (`POST /x`). This one table is read by the tenancy check (which enforces the page
 * levels before any input is read), the OpenAPI document (`x-access` on each operation) and the
 * tests (an operation without an entry fails them; the role × operation matrix follows it).
 * A prefix ending in '/' covers what is below it; another covers itself and what is below it.
 * A star stands for one path segment (a record's id), as in the sole-users entry below.
 */
const TABLE: Array<[prefix: string, access: Access]> = [
  ['/health', PUBLIC],
  ['/openapi.json', PUBLIC],
  ['/docs', PUBLIC],
  ['/i18n/', PUBLIC],
  // a client's quote link: the signed token in the path is the key
  ['/public/', PUBLIC],
  // the card provider's signed events: the signature is the key (bff/routes/card-webhook.ts)
  ['/webhooks/', PUBLIC],
  ['/ui/icons', OWN],
  ['/auth/sign-out', OWN],
  ['/auth/refresh-access-token', OWN],
  ['/auth/', PUBLIC],
  ['/common/', OWN],
  ['/cd_filial/user-branches', OWN],
  ['/cd_filial/current', OWN],
  ['/ac_paginas/mine', MEMBER],
  ['/ac_empresas/logo', page('ac_empresas', { level: 'edit', perRecord: true })],
  // each company in the list is checked with the caller's level in that company
  ['/ac_empresas', page('ac_empresas', { perRecord: true })],
  // whom deactivating a branch concerns: for who may deactivate it
  ['/cd_filial/*/sole-users', page('cd_filial', { level: 'delete' })],
  // the client's link approves or rejects: only for who may change quotes
  ['/cd_cotacao/*/link', page('cd_cotacao', { level: 'edit' })],
  // a quote's deposit is recorded by who changes quotes, and reversed (money undone) by who holds them in full
  ['/cd_cotacao/*/deposits/*/reverse', page('cd_cotacao', { level: 'delete' })],
  // invoicing an order makes an invoice: for who may make invoices (the order is read in the caller's branches)
  ['/cd_ordem/*/invoice', page('cd_invoice', { level: 'edit' })],
  // taking a bill's paper off is a change of the payable, not a delete of a record
  ['/cd_financeiro/*/attachment', page('cd_financeiro', { level: 'edit' })],
  // reversing a payment undoes money received: for who holds the invoices page in full
  ['/cd_invoice/*/payments/*/reverse', page('cd_invoice', { level: 'delete' })],
  // sending an invoice and its link: a change of it
  ['/cd_invoice/*/link', page('cd_invoice', { level: 'edit' })],
  // a technician takes back a part or a photo of his visit: a change of it, not a delete of a record
  ['/cd_techorders/*/parts', page('cd_techorders', { level: 'edit' })],
  ['/cd_techorders/*/photos', page('cd_techorders', { level: 'edit' })],
  // a machine's photo taken off: a change of the machine
  ['/cd_equipamento/*/photos', page('cd_equipamento', { level: 'edit' })],
  // The demo apps ride on the business pages whose data they stand for.
  ['/apps/contacts', page('cd_cliente')],
  ['/apps/chat', page('cd_cliente')],
  // the products the Products page (cd_produto) keeps, in the inventory's shape
  ['/apps/ecommerce/inventory', page('cd_produto')],
  ['/apps/tasks', page('cd_techorders')],
  ['/apps/notes', page('cd_techorders')],
  ['/apps/scrumboard', page('cd_ordem')],
  ['/apps/file-manager', page('cd_ordem', { level: 'view' })],
  // the company's mail is the company's administration
  ['/apps/mailbox', page('ac_empresas')],
  ['/apps/help-center', MEMBER],
  ['/dashboards/finance', page('cd_financeiro', { level: 'view' })],
  ['/dashboards/crypto', page('cd_financeiro', { level: 'view' })],
  ['/dashboards/', page('cd_reports', { level: 'view' })],
  ['/pages/activities', page('cd_reports', { level: 'view' })],
  // uploads are the member's own; deleting one of the company's files (its logo ...) takes ac_empresas edit, checked by the service
  ['/FileManager/', MEMBER],
  ['/files/', MEMBER],
]
// every module's API (/api/<module>) is guarded by its page, unless an entry above says more
const MODULE_ENTRIES = MODULES.filter((m) => !TABLE.some(([prefix]) => prefix === `/${m.id}`)).map(
  (m): [string, Access] => [`/${m.id}`, page(m.id)],
)
const ORDERED = [...TABLE, ...MODULE_ENTRIES]
  .sort(([a], [b]) => b.length - a.length)
  .map(([prefix, access]) => [matcher(prefix), access] as const)

/** The test of one entry: the prefix rules above, a `*` matching one segment (an id, or `:id` in the document). */
function matcher(prefix: string): (path: string) => boolean {
  if (prefix.includes('*')) {
    // the entries hold only letters, '/', '_', '-' and '*': nothing to escape
    const pattern = new RegExp('^' + prefix.split('*').join('[^/]+') + '(?:/|$)')
    return (path) => pattern.test(path)
  }
  return prefix.endsWith('/')
    ? (path) => path.startsWith(prefix)
    : (path) => path === prefix || path.startsWith(`${prefix}/`)
}
if (TABLE.some(([prefix]) => !/^[\w/*.-]+$/.test(prefix)))
  throw new Error('an access entry holds a character the matcher does not escape')

/** The page an area rides on (the search shows its records only to those who may read them). */
export function accessPage(path: string): string {
  const access = accessOf(path)
  if (access?.kind !== 'page') throw new Error(`${path} is not guarded by a page`)
  return access.page
}

/** The access of an operation by its path under /api (with or without the /api prefix), or null when it is not declared. */
export function accessOf(path: string): Access | null {
  const under = path.replace(/^\/api(?=\/)/, '')
  for (const [matches, access] of ORDERED) if (matches(under)) return access
  return null
}
