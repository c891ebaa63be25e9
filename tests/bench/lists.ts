// The list benchmark of the demo APIs: the product list (search + sort + a page of 10) and the
// mail list over a company with 1,000, 10,000 and 100,000 records, on the fs storage of npm start.
import { mailsRepository } from '../../storage/repositories/mails.ts'
import { productsRepository } from '../../storage/repositories/products.ts'
import { seedMails } from '../../seeds/mailbox.ts'
import { seedProducts } from '../../seeds/inventory.ts'
import type { Store } from '../../storage/store.ts'
import { wrk, type WrkResult } from './wrk.ts'
import { withSeededServer } from './server.ts'

export type ListBench = {
  size: number
  products: WrkResult
  productsMatched: number
  mails: WrkResult
  mailsMatched: number
  seedSeconds: number
}

type Start = (args: string[], env: Record<string, string>, readyUrl: string) => Promise<{ kill(): void }>

export async function benchLists(start: Start, sizes: number[], seconds: number): Promise<ListBench[]> {
  const out: ListBench[] = []
  for (const size of sizes) {
    const fill = async (store: Store) => {
      await productsRepository(store, 1).putMany(seedProducts(size - 23, 5000 + size))
      await mailsRepository(store, 1).putMany(seedMails(size - 60, 6000 + size))
    }
    out.push(
      await withSeededServer(
        `lists-${size}`,
        fill,
        async ({ base, headers, seedSeconds }) => {
          const productsUrl = `${base}/api/apps/ecommerce/inventory/products?search=chronograph&sort=price&order=desc&page=0&size=10`
          const mailsUrl = `${base}/api/apps/mailbox/mails?folder=inbox&page=1`
          const first = (await (await fetch(productsUrl, { headers })).json()) as {
            products: unknown[]
            pagination: { length: number }
          }
          const mails = (await (await fetch(mailsUrl, { headers })).json()) as {
            mails: unknown[]
            pagination: { totalResults: number }
          }
          if (first.products.length !== 10 || mails.mails.length !== 10)
            throw new Error('the lists did not answer a page of 10')
          return {
            size,
            seedSeconds,
            productsMatched: first.pagination.length,
            mailsMatched: mails.pagination.totalResults,
            products: wrk(productsUrl, headers, seconds),
            mails: wrk(mailsUrl, headers, seconds),
          }
        },
        start,
      ),
    )
  }
  return out
}
