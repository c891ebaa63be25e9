// The list benchmark of the demo APIs: the product list (search + sort + a page of 10) and the
// mail list over a company with 1,000, 10,000 and 100,000 records, on the fs storage of npm start.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openStore } from '../../storage/open.ts'
import { mailsRepository } from '../../storage/repositories/mails.ts'
import { productsRepository } from '../../storage/repositories/products.ts'
import { seedDemoData } from '../../seeds/index.ts'
import { seedMails } from '../../seeds/mailbox.ts'
import { seedProducts } from '../../seeds/inventory.ts'
import { DEMO_ADMIN } from '../../seeds/tenancy.ts'
import { freePort } from '../runtime/servers.ts'
import { wrk, type WrkResult } from './wrk.ts'
import { PRODUCTION_ENV } from './server.ts'

export type ListBench = { size: number; products: WrkResult; productsMatched: number; mails: WrkResult; mailsMatched: number; seedSeconds: number }

type Start = (args: string[], env: Record<string, string>, readyUrl: string) => Promise<{ kill(): void; pid?: number }>

export async function benchLists(start: Start, sizes: number[], seconds: number): Promise<ListBench[]> {
  const out: ListBench[] = []
  for (const size of sizes) {
    const dataDir = mkdtempSync(join(tmpdir(), `bench-lists-${size}-`))
    try {
      const began = performance.now()
      const store = await openStore({ driver: 'fs', dataDir })
      await seedDemoData(store, { info: () => {}, error: () => {} })
      await productsRepository(store, 1).putMany(seedProducts(size - 23, 5000 + size))
      await mailsRepository(store, 1).putMany(seedMails(size - 60, 6000 + size))
      await store.dispose()
      const seedSeconds = (performance.now() - began) / 1000
      const port = await freePort()
      const base = `http://127.0.0.1:${port}`
      const app = await start(['build/node/server.js'], { PORT: String(port), STORAGE_DRIVER: 'fs', DATA_DIR: dataDir, ...PRODUCTION_ENV }, `${base}/api/health`)
      try {
        const signIn = await fetch(`${base}/api/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(DEMO_ADMIN) })
        const { accessToken } = (await signIn.json()) as { accessToken: string }
        const headers = { Authorization: `Bearer ${accessToken}`, 'X-Empresa': '1', 'X-Filial': '2' }
        const productsUrl = `${base}/api/apps/ecommerce/inventory/products?search=chronograph&sort=price&order=desc&page=0&size=10`
        const mailsUrl = `${base}/api/apps/mailbox/mails?folder=inbox&page=1`
        const first = (await (await fetch(productsUrl, { headers })).json()) as { products: unknown[]; pagination: { length: number } }
        const mails = (await (await fetch(mailsUrl, { headers })).json()) as { mails: unknown[]; pagination: { totalResults: number } }
        if (first.products.length !== 10 || mails.mails.length !== 10) throw new Error('the lists did not answer a page of 10')
        out.push({ size, seedSeconds, productsMatched: first.pagination.length, mailsMatched: mails.pagination.totalResults, products: wrk(productsUrl, headers, seconds), mails: wrk(mailsUrl, headers, seconds) })
      } finally {
        app.kill()
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  }
  return out
}
