import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { DEMO_ADMIN } from '../../seeds/tenancy.ts'
import { restartKeepsData } from './round-trip.ts'
import { freePort, startServer } from './servers.ts'

describe('the built worker in workerd (wrangler dev, KV and Durable Object bindings)', () => {
  const state = mkdtempSync(join(tmpdir(), 'wrangler-state-'))
  afterAll(() => rmSync(state, { recursive: true, force: true }))

  const start = async () => {
    const port = await freePort()
    return startServer(
      'npx',
      [
        'wrangler',
        'dev',
        '--port',
        String(port),
        '--ip',
        '127.0.0.1',
        '--persist-to',
        state,
        '--var',
        'JWT_SECRET:runtime-test-secret-0123456789abcdefgh',
        '--var',
        'DEMO_DATA:1',
        '--var',
        'PUBLIC_URL:https://fieldwise.example',
        '--log-level',
        'warn',
        // the Cron Trigger can be run by a request (/__scheduled)
        '--test-scheduled',
      ],
      port,
      { CI: '1', WRANGLER_SEND_METRICS: 'false' },
    )
  }

  it('signs in, keeps a change in KV across a restart, and serves pages and assets', async () => {
    // quotes and number series are in the StrictStore object (wrangler.toml), the rest in KV
    await restartKeepsData(start, 'cloudflare-kv+durable-object', 'Ana on Workers')
  })

  it('reminds the demo’s overdue invoices when its Cron Trigger runs, each step once; a plan’s orders stay made once', async () => {
    const running = await start()
    try {
      const token = await signIn(running.url)
      const tenant = { authorization: `Bearer ${token}`, 'x-empresa': '1', 'x-filial': '2' }
      type Overdue = { Dados: { items: Array<{ id: string }> } }
      const overdue = (await (
        await fetch(`${running.url}/api/cd_invoice?state=overdue&size=50`, { headers: tenant })
      ).json()) as Overdue
      expect(overdue.Dados.items.length).toBeGreaterThan(0)
      const reminded = async () => {
        let n = 0
        for (const { id } of overdue.Dados.items) {
          const one = (await (await fetch(`${running.url}/api/cd_invoice/${id}`, { headers: tenant })).json()) as {
            Dados: { reminders: unknown[] }
          }
          n += one.Dados.reminders.length
        }
        return n
      }
      // the plan saved by the first test (round-trip.ts planPrints): its order made at the save, and no other
      const plans = (await (await fetch(`${running.url}/api/cd_plano?size=50`, { headers: tenant })).json()) as {
        Dados: { items: Array<{ id: string }> }
      }
      expect(plans.Dados.items.length).toBeGreaterThan(0)
      const planOrders = async () => {
        let n = 0
        for (const { id } of plans.Dados.items)
          n += (
            (await (await fetch(`${running.url}/api/cd_ordem/of-plan?planId=${id}`, { headers: tenant })).json()) as {
              Dados: unknown[]
            }
          ).Dados.length
        return n
      }
      const made = await planOrders()
      expect(made).toBe(plans.Dados.items.length)
      const before = await reminded()
      const cron = async () => {
        const res = await fetch(`${running.url}/__scheduled?cron=${encodeURIComponent('*/15 * * * *')}`)
        expect(res.status).toBe(200)
      }
      // the run is over when its request is answered
      await cron()
      const after = await reminded()
      expect(after).toBeGreaterThan(before)
      await cron()
      expect(await reminded()).toBe(after)
      expect(await planOrders()).toBe(made)
    } finally {
      await running.stop()
    }
  })
})

/** The demo admin's token on a running server. */
async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_ADMIN),
  })
  return ((await res.json()) as { accessToken: string }).accessToken
}
