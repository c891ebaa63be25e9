import { describe, expect, it } from 'vitest'
import { RESOURCE_MODULES } from '../../domain/modules/index.ts'
import { dateIn } from '../../domain/dates.ts'
import { DEMO_ADMIN } from '../../seeds/tenancy.ts'
import { callAs, testBff } from '../shared/bff.ts'
import { MAIN } from '../shared/booking.ts'

type Row = Record<string, unknown>
type List = { items: Row[]; pagination: { length: number; lastPage: number } }

/** The modules that declare filters, each with its declaration (read from the one list of modules). */
const FILTERED = RESOURCE_MODULES.flatMap((m) => (m.api.list.filters ? [{ id: m.id, ...m.api.list.filters }] : []))

/** A row's day for a range filter, as docs/domain.md "Lists" says: a day as it is, an instant on the branch's calendar. */
const dayOf = (value: unknown, timeZone: string) =>
  typeof value !== 'string' ? '' : value.length === 10 ? value : dateIn(timeZone, Date.parse(value))

// domain/list-filters.ts: each declared filter answers exactly what a brute-force filter of the
// whole list keeps, on every module that declares one
describe('list filters by a linked record and a date range', () => {
  it('are declared by the modules that need them', () => {
    expect(FILTERED.map((f) => f.id)).toEqual(expect.arrayContaining(['cd_cotacao', 'cd_ordem', 'cd_invoice']))
  })

  it.each(FILTERED)('$id answers what a filter of its whole list keeps', async ({ id, links, ranges }) => {
    const bff = await testBff()
    const admin = await callAs(bff, DEMO_ADMIN, MAIN)
    const token = await bff.signIn(DEMO_ADMIN)
    const timeZone = (await admin<{ TIMEZONE?: string }>('/ac_empresas/1')).body.Dados.TIMEZONE ?? 'America/Sao_Paulo'
    const everything = async (query = '') => {
      const rows: Row[] = []
      for (let page = 1; ; page++) {
        const res = await admin<List>(`/${id}?size=100&all=1&page=${page}${query}`)
        expect([query, res.status]).toEqual([query, 200])
        rows.push(...res.body.Dados.items)
        if (page >= res.body.Dados.pagination.lastPage) return rows
      }
    }
    const all = await everything()
    expect(all.length).toBeGreaterThan(3)
    const ids = (rows: Row[]) => rows.map((r) => r.id).sort()
    for (const field of links ?? []) {
      const value = all[Math.floor(all.length / 2)][field] as string
      const kept = await everything(`&${field}=${encodeURIComponent(value)}`)
      expect(kept.length).toBeGreaterThan(0)
      expect([field, ids(kept)]).toEqual([field, ids(all.filter((r) => r[field] === value))])
      // another company's or no record: nothing
      expect(await everything(`&${field}=no-such-record`)).toEqual([])
    }
    for (const field of ranges ?? []) {
      const days = [...new Set(all.map((r) => dayOf(r[field], timeZone)).filter(Boolean))].sort()
      if (days.length < 2) continue
      const [from, to] = [days[Math.floor(days.length / 4)], days[Math.floor((days.length * 3) / 4)]]
      for (const [query, keeps] of [
        [`&${field}From=${from}&${field}To=${to}`, (d: string) => d >= from && d <= to],
        [`&${field}From=${from}`, (d: string) => d >= from],
        [`&${field}To=${to}`, (d: string) => d !== '' && d <= to],
      ] as const) {
        const kept = await everything(query)
        expect([query, ids(kept)]).toEqual([query, ids(all.filter((r) => keeps(dayOf(r[field], timeZone))))])
        // the CSV export keeps the same rows (one line each after the header)
        const csv = await (await bff.call(`/${id}/export.csv?all=1${query}`, { token, headers: MAIN })).text()
        expect([query, csv.trim().split('\n').length - 1]).toEqual([query, kept.length])
      }
      // a day that is not one is refused, naming the parameter
      const bad = await admin(`/${id}?${field}From=2026-13-45`)
      expect([bad.status, Object.keys(bad.body.fields ?? {})]).toEqual([400, [`${field}From`]])
    }
  })
})
