/**
 * Every storage key is built here. Segments are joined with ':' (unstorage's separator);
 * company data starts with `company:<id>` so one company's records share one prefix.
 */
const SAFE_SEGMENT = /^[A-Za-z0-9_.@-]+$/

const checked = new Map<string, string>()

export function segment(value: string | number): string {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value)
  const known = checked.get(value as string)
  if (known !== undefined) return known
  const out = encodeSegment(String(value))
  if (checked.size < 10_000) checked.set(String(value), out)
  return out
}

function encodeSegment(text: string): string {
  if (text === '' || text === '.' || text === '..') throw new Error(`Invalid key segment: ${JSON.stringify(text)}`)
  if (SAFE_SEGMENT.test(text)) return text
  // Anything else is percent-encoded so a value can never become a path or a separator.
  return encodeURIComponent(text)
    .replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/\./g, '%2E')
}

export function joinKey(...parts: Array<string | number>): string {
  return parts.map(segment).join(':')
}

export const keys = {
  system: (name: string) => joinKey('system', name),
  user: (userId: string) => joinKey('user', userId),
  users: () => 'user',
  userByEmail: (email: string) => joinKey('user-email', email.trim().toLowerCase()),
  session: (sessionId: string) => joinKey('session', sessionId),
  resetToken: (tokenHash: string) => joinKey('reset-token', tokenHash),
  signUp: (tokenHash: string) => joinKey('sign-up', tokenHash),
  throttle: (scope: string, subject: string) => joinKey('throttle', scope, subject),
  userData: (userId: string, name: string) => joinKey('user-data', userId, name),
  companies: () => 'companies',
  company: (empresa: number) => joinKey('companies', empresa),
  branches: (empresa: number) => joinKey('company', empresa, 'branch'),
  branch: (empresa: number, filial: number) => joinKey('company', empresa, 'branch', filial),
  companyRecords: (empresa: number, collection: string) => joinKey('company', empresa, collection),
  companyRecord: (empresa: number, collection: string, id: string | number) =>
    joinKey('company', empresa, collection, id),
  /** The claim of a value one record of a company collection holds alone (a client's tax id ...). */
  unique: (empresa: number, collection: string, field: string, value: string) =>
    joinKey('company', empresa, 'unique', collection, field, value),
  /** A technician's booked times in one week (what keeps two of his appointments from overlapping). */
  bookings: (empresa: number, technician: string, week: string) =>
    joinKey('company', empresa, 'bookings', technician, week),
  /** A document number series of a company (quotes of one branch in one year ...). */
  series: (empresa: number, name: string) => joinKey('company', empresa, 'series', name),
  seriesOf: (empresa: number) => joinKey('company', empresa, 'series'),
  /** What a write sent with an Idempotency-Key answered (the key is a hash of the caller and the client's key). */
  idempotency: (hash: string) => joinKey('idempotency', hash),
  idempotencyKeys: () => 'idempotency',
  /** How many answers of one user's keyed writes are kept, and their size, per day (the quota of docs/api.md §8). */
  keptAnswers: (userId: string) => joinKey('kept-answers', userId),
  /** What writes owe a derived fact of one company record (docs/domain.md "Derived facts"), all in one level. */
  owed: (empresa: number, fact: string, id: string) => joinKey('owed', `${empresa}.${fact}.${id}`),
  owedAll: () => 'owed',
} as const
