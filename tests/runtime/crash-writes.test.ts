import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { DEMO_ADMIN } from '../../seeds/tenancy.ts'
import { startFsServer } from './servers.ts'

type Quote = { id: string; number: string }
type Answer<T> = { Dados: T }

/**
 * Issue 27 §8: the built server on fs storage is killed (SIGKILL) while eight clients create
 * quotes, three times; each start settles what the crash left. Then every acknowledged quote is
 * there, the numbers run from 1 with no gap and no duplicate once the numbers given back are
 * taken again, and every quote has its "created" line. Each create carries an Idempotency-Key:
 * those the kill left unanswered are sent again after the restart, and every key makes one quote.
 */
describe('creates killed mid-write on fs', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'crash-writes-'))
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))
  const start = () => startFsServer(dataDir)
  const session = async (url: string) => {
    const signIn = await fetch(`${url}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO_ADMIN),
    })
    const { accessToken } = (await signIn.json()) as { accessToken: string }
    const headers = { authorization: `Bearer ${accessToken}`, 'x-empresa': '1', 'x-filial': '1' }
    const get = async <T>(path: string) =>
      ((await (await fetch(`${url}/api${path}`, { headers })).json()) as Answer<T>).Dados
    const clientId = (await get<{ items: Array<{ id: string }> }>('/cd_cliente?size=1')).items[0].id
    const quote = JSON.stringify({
      clientId,
      validUntil: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10),
      lines: [{ description: 'Maintenance', quantity: 1, unitPrice: 20000 }],
    })
    const create = async (key?: string) => {
      const res = await fetch(`${url}/api/cd_cotacao`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) },
        body: quote,
      })
      return res.status === 200 ? ((await res.json()) as Answer<Quote>).Dados : null
    }
    const all = async () => {
      const out: Quote[] = []
      for (let page = 1; ; page++) {
        const got = await get<{ items: Quote[] }>(`/cd_cotacao?size=100&page=${page}&sort=number&order=asc`)
        out.push(...got.items)
        if (got.items.length < 100) return out
      }
    }
    const timeline = (id: string) => get<Array<{ action: string }>>(`/cd_cotacao/${id}/activity`)
    return { create, all, timeline }
  }

  it('loses no acknowledged quote, leaves no gap in the numbers and no quote without its timeline line', async () => {
    const acknowledged: Quote[] = []
    const unanswered: string[] = []
    let sent = 0
    for (let round = 0; round < 3; round++) {
      const server = await start()
      const { create } = await session(server.url)
      let killed = false
      const writer = async () => {
        while (!killed) {
          const key = `crash-${++sent}`
          const made = await create(key).catch(() => null)
          if (made) acknowledged.push(made)
          else unanswered.push(key)
        }
      }
      const writers = Array.from({ length: 8 }, writer)
      // killed while writes are under way: after 20 + 15 per round acknowledged creates
      const target = acknowledged.length + 20 + 15 * round
      while (acknowledged.length < target) await new Promise((resolve) => setTimeout(resolve, 5))
      process.kill(-server.pid, 'SIGKILL')
      killed = true
      await Promise.all(writers)
      await server.stop()
    }
    const server = await start()
    try {
      const { create, all, timeline } = await session(server.url)
      // the creates the kills left unanswered, sent again with their keys: each answered, none made twice
      const resent = await Promise.all(unanswered.map((key) => create(key)))
      expect(resent.every((made) => made !== null)).toBe(true)
      // the numbers a crash gave back are the next ones taken
      for (let i = 0; i < 24; i++) expect(await create()).not.toBeNull()
      const quotes = await all()
      const numbers = quotes.map((q) => Number(q.number.slice(-6)))
      const stored = new Set(quotes.map((q) => q.id))
      const lost = acknowledged.filter((q) => !stored.has(q.id))
      const gaps = Math.max(...numbers) - new Set(numbers).size
      const duplicates = numbers.length - new Set(numbers).size
      // every key sent made one quote, the 24 after them one each
      expect(quotes.length).toBe(sent + 24)
      expect(new Set([...acknowledged, ...(resent as Quote[])].map((q) => q.id)).size).toBe(sent)
      const withoutLine: string[] = []
      for (const q of quotes)
        if (!(await timeline(q.id)).some((l) => l.action === 'created')) withoutLine.push(q.number)
      console.log(
        `fs, 3 SIGKILLs under 8 writers: ${acknowledged.length} acknowledged creates, ${unanswered.length} unanswered and sent again with their keys, ${quotes.length} quotes stored; lost ${lost.length}, duplicated numbers ${duplicates}, gaps ${gaps}, quotes without their created line ${withoutLine.length}`,
      )
      expect({ lost: lost.length, duplicates, gaps, withoutLine }).toEqual({
        lost: 0,
        duplicates: 0,
        gaps: 0,
        withoutLine: [],
      })
    } finally {
      await server.stop()
    }
  })
})
