import { owe, owing, settleOwn, type Fact } from './derived.ts'
import { StorageUnavailableError } from '../../storage/errors.ts'
import type { WriteOptions } from '../../storage/store.ts'
import { dateIn } from '../../domain/dates.ts'
import { documentTotals } from '../../domain/document-lines.ts'
import { documentNumber, seriesName, type DocumentKind as DocumentCode } from '../../domain/document-numbers.ts'
import { searchable } from '../../domain/search-text.ts'
import { SYSTEM_ACTOR, type Deps } from './deps.ts'
import { collatorFor, pageOf } from './list.ts'
import type { Caller, ListQuery, ResourceSource } from './resource.ts'

/** What a branch document's list keeps of each in memory (its compact index row): enough to filter and sort 50,000. */
export type DocumentIndexRow = { id: string; filial: number; number: string; timeZone: string; text: string }
/** The list columns that hold a name, sorted as the user's language sorts; the others sort by their characters. */
const TEXT_SORTS = new Set(['clientName'])

/** What every branch document holds: its branch, its number and its branch's time zone. */
type BranchDocument = { id: string; filial: number; number: string; timeZone: string }

/** A kind of branch document (quotes, service orders, invoices) as its list sees it. */
export type DocumentKind<Rec, Row extends DocumentIndexRow> = {
  /** The company collection it is stored in. */
  collection: string
  /** The kind in its numbers (`OS-SAO-2026-000123`). */
  numbered: DocumentCode
  /** Its compact index row (with its search text, made searchable). */
  project: (record: Rec) => Row
  /** The value a list column sorts a row by (a state as the user sees it on the day of the document's branch). */
  sortValue: (row: Row, sort: string, today: (timeZone: string) => string) => string | number
  /** The state as the user sees it, for `state=`. */
  state: (row: Row, today: (timeZone: string) => string) => string
  /** Whether a row is in what `state=` names, when that is more than its state (invoices paid today); default: its state is it. */
  matches?: (row: Row, state: string, today: (timeZone: string) => string) => boolean
  /** Its states or sorts follow the day (a quote expires): a list is worked out again each quarter hour. */
  daily?: true
  /**
   * The derived fact a write of one owes (bff/lib/derived.ts) when `changes` says it moves what
   * follows from it (an invoice's part of the reports, a void invoice's orders): a write that
   * changes none of it (a reminder noted, a send) owes nothing and writes no debt.
   */
  owes?: { fact: Fact; changes: (before: Rec | null, after: Rec) => boolean }
}

/**
 * What every new branch document starts with (docs/domain.md: quotes, orders, invoices): the
 * caller's branch, no number yet (it comes with the write), no client, no lines, the company's
 * currency and the branch's time zone; and the company, for what else a kind takes from it.
 */
export async function blankDocument(deps: Deps, who: Caller, id: string) {
  const [company, branch] = await Promise.all([
    deps.repos.companies.find(who.tenant.empresa),
    deps.repos.companies.findBranch(who.tenant.empresa, who.tenant.filial),
  ])
  const document = {
    id,
    filial: who.tenant.filial,
    number: '',
    clientId: '',
    clientName: '',
    clientTaxId: '',
    serviceAddress: '',
    lines: [],
    totals: documentTotals([]),
    currency: company?.CURRENCY ?? 'BRL',
    createdAt: new Date(deps.now()).toISOString(),
    timeZone: branch?.TIME_ZONE ?? company?.TIME_ZONE ?? 'UTC',
  }
  return { document, company }
}

/** A company's documents of a kind: every read and write of them goes through this one index (compact rows). */
export const documentStore = <Rec extends { id: string }, Row extends DocumentIndexRow>(
  deps: Deps,
  empresa: number,
  kind: DocumentKind<Rec, Row>,
) => {
  const indexed = deps.repos.indexed<Rec, Row>(empresa, kind.collection, kind.project, 'list')
  const owes = kind.owes
  if (!owes) return indexed
  // owed by the system when no person is named (its settling writes no timeline line)
  const owner = { tenant: { empresa, filial: 0 }, user: SYSTEM_ACTOR }
  // a write that moves what follows from the document owes it, settled after (bff/lib/derived.ts)
  return {
    ...indexed,
    put: (item: Rec, options?: WriteOptions) =>
      owes.changes(null, item)
        ? owing(deps, owner, owes.fact, item.id, () => indexed.put(item, options))
        : indexed.put(item, options),
    async update(id: string, fn: (item: Rec) => Rec, options?: WriteOptions) {
      // owed from within the write, once it is known to change what follows (and before it is stored)
      let token: string | null = null
      const saved = await indexed
        .update(
          id,
          async (item) => {
            const next = fn(item)
            if (!token && next !== item && owes.changes(item, next)) token = await owe(deps, owner, owes.fact, id)
            return next
          },
          options,
        )
        .catch(async (error: unknown) => {
          if (token && !(error instanceof StorageUnavailableError))
            await deps.repos.owed.pay(empresa, owes.fact, id, [token]).catch(() => undefined)
          throw error
        })
      if (token) await settleOwn(deps, owner, owes.fact, id, token)
      return saved
    },
  }
}

/**
 * The documents of a kind in the branches `grant` gives whose index row `keeps` (a client's, a
 * plan's), newest first, at most 100 (a record's page lists them), read from the index, never a
 * scan of the documents: two made in the same millisecond (a duplicate) keep their numbers' order.
 */
export async function documentsWhere<Rec extends { id: string }, Row extends DocumentIndexRow & { createdAt: string }>(
  store: ReturnType<typeof documentStore<Rec, Row>>,
  grant: { filial: number | 'all' },
  keeps: (row: Row) => boolean,
) {
  const mine = [...(await store.rows()).values()].filter(
    (r) => keeps(r) && (grant.filial === 'all' || r.filial === grant.filial),
  )
  mine.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.number.localeCompare(a.number))
  return store.getMany(mine.slice(0, 100).map((r) => r.id))
}

/** A client's documents of a kind in the branches `grant` gives (a client's page lists them). */
export const clientDocuments = <
  Rec extends { id: string },
  Row extends DocumentIndexRow & { clientId: string; createdAt: string },
>(
  store: ReturnType<typeof documentStore<Rec, Row>>,
  grant: { filial: number | 'all' },
  clientId: string,
) => documentsWhere(store, grant, (r) => r.clientId === clientId)

/**
 * Writes a new document with the next number of its branch's series for the year, with the
 * branch's prefix: the number is the document's once (a retry of the same id takes no other).
 */
export async function insertDocument<Rec extends BranchDocument, Row extends DocumentIndexRow>(
  deps: Deps,
  empresa: number,
  kind: DocumentKind<Rec, Row>,
  record: Rec,
) {
  const year = dateIn(record.timeZone, deps.now()).slice(0, 4)
  const branch = await deps.repos.companies.findBranch(empresa, record.filial)
  const documents = documentStore(deps, empresa, kind)
  const numbered = (n: number) => documentNumber(kind.numbered, branch?.PREFIX ?? '', year, n)
  return deps.repos.series(empresa, seriesName(kind.numbered, record.filial, year)).write(
    documents.keyOf(record.id),
    (n) => documents.put({ ...record, number: numbered(n) }, { expectVersion: 0 }),
    // refused: another write of this very document took the same number and wrote it first
    async (n) => (await documents.get(record.id))?.value.number === numbered(n),
  )
}

/**
 * A branch document's source for the resource factory (docs/domain.md: records of the current
 * branch): the list is answered from the compact index — the ids matching one query (branch,
 * search, sort, state, day) are kept until the documents change (memo), so a page costs the same
 * over 5,000 or 50,000 — and only the page's records are read.
 */
export function documentSource<Rec extends BranchDocument, Row extends DocumentIndexRow>(
  deps: Deps,
  kind: DocumentKind<Rec, Row>,
): ResourceSource<Rec, string> {
  const store = (who: Caller) => documentStore(deps, who.tenant.empresa, kind)
  const mayRead = (who: Caller, record: Rec) =>
    who.tenant.grant.filial === 'all' || record.filial === who.tenant.grant.filial
  return {
    async list(who) {
      const ids = [...(await store(who).rows()).values()].filter((r) => r.filial === who.tenant.filial).map((r) => r.id)
      return store(who).getMany(ids)
    },
    async page(who, q: ListQuery) {
      const now = deps.now()
      const days = new Map<string, string>()
      const today = (timeZone: string) =>
        days.get(timeZone) ?? (days.set(timeZone, dateIn(timeZone, now)), days.get(timeZone)!)
      const needle = searchable(q.search)
      const filial = who.tenant.filial
      const filter = q.filter ?? null
      const key = `${filial}|${q.state ?? ''}|${q.sort}|${q.order}|${needle}|${who.culture}|${filter?.key ?? ''}`
      // a name sorts in the user's language; numbers, days and codes by their characters (much faster)
      const collator = TEXT_SORTS.has(q.sort) ? collatorFor(who.culture) : null
      const plain = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
      const compare = (a: Row, b: Row) => {
        const x = kind.sortValue(a, q.sort, today)
        const y = kind.sortValue(b, q.sort, today)
        const by =
          typeof x === 'number' && typeof y === 'number'
            ? x - y
            : collator
              ? collator.compare(String(x), String(y))
              : plain(String(x), String(y))
        return by || plain(a.number, b.number)
      }
      // an order that follows the day (a state that expires) is sorted per query, within the quarter
      // hour; the others are kept sorted across writes (a write moves its row) and only filtered here
      const byDay = kind.daily === true && q.sort === 'state'
      const ordered = byDay ? null : await store(who).sorted(`${q.sort}|${collator ? who.culture : ''}`, compare)
      const ids = await store(who).memo(
        key,
        (rows) => {
          const all = ordered ?? [...rows.values()].sort(compare)
          const matched = all.filter(
            (r) =>
              r.filial === filial &&
              (!needle || r.text.includes(needle)) &&
              (!filter || filter.keeps(r)) &&
              (!q.state || (kind.matches ? kind.matches(r, q.state, today) : kind.state(r, today) === q.state)),
          )
          return (q.order === 'asc' ? matched : matched.reverse()).map((r) => r.id)
        },
        kind.daily ? now : undefined,
      )
      const { startIndex } = pageOf(ids.length, q.page, q.size)
      return { items: await store(who).getMany(ids.slice(startIndex, startIndex + q.size)), length: ids.length }
    },
    async find(who, id) {
      const hit = await store(who).get(id)
      return hit && mayRead(who, hit.value) ? hit : null
    },
    insert: (who, record) => insertDocument(deps, who.tenant.empresa, kind, record),
    update: (who, id, change, expectVersion) => store(who).update(id, change, { expectVersion }),
  }
}
