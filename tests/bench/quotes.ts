// The quotes benchmark (issue 10): the quotes list of a company with 5,000 and 50,000 quotes
// (search, sort by total, a page of 20) and one quote's PDF, on the fs storage of npm start.
// Run alone: node tests/bench/quotes.ts (after npm run build); npm run bench runs it too.
import { QUOTES } from '../../domain/schemas/quotes.ts'
import { manyQuotes, seedClients, seedJobs } from '../../seeds/field-service.ts'
import { indexedRecords } from '../../storage/repositories/indexed-records.ts'
import type { Store } from '../../storage/store.ts'
import { withSeededServer } from './server.ts'
import { ensureWrk, wrk, type WrkResult } from './wrk.ts'

export type QuotesBench = { size: number; matched: number; list: WrkResult; pdf: WrkResult; seedSeconds: number }

export async function benchQuotes(sizes: number[], seconds: number): Promise<QuotesBench[]> {
  const out: QuotesBench[] = []
  for (const size of sizes) {
    const fill = (store: Store) =>
      indexedRecords(store, 1, QUOTES, (q) => q).putMany(manyQuotes(size - 30, 7000 + size, seedClients(), seedJobs()))
    out.push(
      await withSeededServer(`quotes-${size}`, fill, async ({ base, headers, seedSeconds }) => {
        const listUrl = `${base}/api/cd_cotacao?search=almeida&sort=total&order=desc&page=2&size=20`
        // the first list builds the index (read once from storage); what is measured is the lists after it
        const first = (await (await fetch(listUrl, { headers })).json()) as {
          Dados: { items: Array<{ id: string }>; pagination: { length: number } }
        }
        if (first.Dados.items.length !== 20) throw new Error('the quotes list did not answer a page of 20')
        const pdfUrl = `${base}/api/cd_cotacao/${first.Dados.items[0].id}/pdf`
        if ((await fetch(pdfUrl, { headers })).headers.get('content-type') !== 'application/pdf')
          throw new Error('no PDF')
        return {
          size,
          seedSeconds,
          matched: first.Dados.pagination.length,
          list: wrk(listUrl, headers, seconds),
          pdf: wrk(pdfUrl, headers, seconds, 1),
        }
      }),
    )
  }
  return out
}

export function printQuotes(results: QuotesBench[]) {
  const fmt = (n: number, digits = 0) => n.toFixed(digits)
  console.log(`\n| quotes | records | matched | req/s | p50 ms | p99 ms |\n|---|---:|---:|---:|---:|---:|`)
  for (const r of results) {
    console.log(
      `| list (search, sort by total, page of 20) | ${r.size} | ${r.matched} | ${fmt(r.list.rps)} | ${fmt(r.list.p50, 2)} | ${fmt(r.list.p99, 2)} |`,
    )
    console.log(
      `| one quote's PDF (1 connection) | ${r.size} | 1 | ${fmt(r.pdf.rps)} | ${fmt(r.pdf.p50, 2)} | ${fmt(r.pdf.p99, 2)} |`,
    )
  }
  const [small, large] = [results[0], results.at(-1)!]
  if (small && large && small !== large) {
    console.log(
      `Targets: list p99 < 25 ms → ${fmt(large.list.p99, 2)} ms at ${large.size}; cost flat ${small.size} → ${large.size}: ×${fmt(small.list.rps / large.list.rps, 2)} for ×${fmt(large.size / small.size, 0)} quotes; PDF p99 < 150 ms → ${fmt(Math.max(...results.map((r) => r.pdf.p99)), 2)} ms`,
    )
  }
}

if (import.meta.main) {
  ensureWrk()
  printQuotes(
    await benchQuotes(
      (process.env.BENCH_QUOTE_SIZES ?? '5000,50000').split(',').map(Number),
      Number(process.env.BENCH_SECONDS ?? 8),
    ),
  )
}
