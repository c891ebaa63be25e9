import { dateIn } from '../../domain/dates.ts'
import { QUOTES, quoteSearchText, quoteState, type StoredQuote } from '../../domain/schemas/quotes.ts'
import type { Deps } from './deps.ts'
import { collatorFor, pageOf } from './list.ts'
import type { Caller, ListQuery, ResourceSource } from './resource.ts'
import { searchable } from '../../domain/search-text.ts'

/** What the quotes list keeps of each quote in memory: enough to filter and sort 50,000 of them. */
export type QuoteIndexRow = Pick<
  StoredQuote,
  'id' | 'filial' | 'number' | 'clientId' | 'clientName' | 'validUntil' | 'status' | 'createdAt' | 'timeZone'
> & { total: number; text: string }

const project = (q: StoredQuote): QuoteIndexRow => ({
  id: q.id,
  filial: q.filial,
  number: q.number,
  clientId: q.clientId,
  clientName: q.clientName,
  validUntil: q.validUntil,
  status: q.status,
  createdAt: q.createdAt,
  timeZone: q.timeZone,
  total: q.totals.total,
  text: searchable(quoteSearchText(q)),
})

/** A company's quotes: every read and write of them goes through this one index (compact rows). */
export const quoteStore = (deps: Deps, empresa: number) =>
  deps.repos.indexed<StoredQuote, QuoteIndexRow>(empresa, QUOTES, project, 'list')

/** The value a list column sorts a row by (state as the user sees it, on the day of the quote's branch). */
const sortValue = (row: QuoteIndexRow, sort: string, today: (timeZone: string) => string): string | number => {
  if (sort === 'total') return row.total
  if (sort === 'state') return quoteState(row, today(row.timeZone))
  return String(row[sort as keyof QuoteIndexRow] ?? '')
}

/**
 * The quotes' source for the resource factory: the list is answered from the compact index —
 * the ids matching one query (branch, search, sort, day) are kept until the quotes change (memo), so a page
 * costs the same over 5,000 or 50,000 quotes — and only the page's records are read.
 */
export function quoteSource(deps: Deps): ResourceSource<StoredQuote, string> {
  const mayRead = (who: Caller, q: StoredQuote) =>
    who.tenant.grant.filial === 'all' || q.filial === who.tenant.grant.filial
  return {
    async list(who) {
      const store = quoteStore(deps, who.tenant.empresa)
      const ids = [...(await store.rows()).values()].filter((r) => r.filial === who.tenant.filial).map((r) => r.id)
      return store.getMany(ids)
    },
    async page(who, q: ListQuery) {
      const store = quoteStore(deps, who.tenant.empresa)
      const now = deps.now()
      const days = new Map<string, string>()
      const today = (timeZone: string) =>
        days.get(timeZone) ?? (days.set(timeZone, dateIn(timeZone, now)), days.get(timeZone)!)
      const needle = searchable(q.search)
      const filial = who.tenant.filial
      const key = `${filial}|${q.state ?? ''}|${q.sort}|${q.order}|${needle}|${who.culture}`
      // states follow each quote's own day: kept within the quarter hour
      const ids = await store.memo(
        key,
        (rows) => {
          const collator = collatorFor(who.culture)
          const sign = q.order === 'asc' ? 1 : -1
          const matched = [...rows.values()].filter(
            (r) =>
              r.filial === filial &&
              (!needle || r.text.includes(needle)) &&
              (!q.state || quoteState(r, today(r.timeZone)) === q.state),
          )
          const keyed = matched.map((r) => ({ id: r.id, value: sortValue(r, q.sort, today), number: r.number }))
          keyed.sort((a, b) => {
            const by =
              typeof a.value === 'number' && typeof b.value === 'number'
                ? a.value - b.value
                : collator.compare(String(a.value), String(b.value))
            return sign * (by || a.number.localeCompare(b.number))
          })
          return keyed.map((k) => k.id)
        },
        now,
      )
      const { startIndex } = pageOf(ids.length, q.page, q.size)
      return { items: await store.getMany(ids.slice(startIndex, startIndex + q.size)), length: ids.length }
    },
    async find(who, id) {
      const hit = await quoteStore(deps, who.tenant.empresa).get(id)
      return hit && mayRead(who, hit.value) ? hit : null
    },
    insert: (who, quote) => quoteStore(deps, who.tenant.empresa).put(quote, { expectVersion: 0 }),
    update: (who, id, change, expectVersion) =>
      quoteStore(deps, who.tenant.empresa).update(id, change, { expectVersion }),
  }
}
