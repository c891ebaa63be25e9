// npm run soak: crash and concurrency soak (issue 14 §4). Several worker processes send mixed
// reads and writes (new clients, edits with If-Match, new quotes, lists) while the servers are
// killed with SIGKILL and started again; then every record the store holds must parse, every
// write a worker saw acknowledged must be there, and no document number may be given twice.
// fs: one server process (one per data dir); redis: two server processes sharing one store.
// SOAK_SECONDS (default 300) is split between the drivers; SOAK_DRIVERS=fs,redis picks them.
// Issue 27: every create carries an Idempotency-Key and one whose answer did not come (a killed
// server, a 5xx) is sent again with it, as an offline device replays; afterwards no key may have
// made two records, no refused create may be stored (an answer that lied), every record has a
// timeline line for each of its versions, and the quote numbers have no gap once settled.
// Issue 43: the money chain too — an order, its booking, the technician's depart, arrive and finish,
// its invoice, the issue and two payments, each keyed and sent again until answered — and then no
// acknowledged payment is lost or counted twice, no order is left behind its visit, no invoice
// number is given twice or skipped, and no retry of a step that landed is refused.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DEMO_ADMIN, DEMO_TECHNICIAN } from '../../seeds/tenancy.ts'
import { TECH_ID } from '../shared/booking.ts'
import { seedDemoData } from '../../seeds/index.ts'
import { openStore, type StorageChoice } from '../../storage/open.ts'
import { decodeRecord } from '../../storage/store.ts'
import { createRepositories } from '../../storage/repositories/index.ts'
import { keys } from '../../storage/keys.ts'
import { freePort } from '../runtime/servers.ts'
import { redisProxy } from '../shared/tcp-proxy.ts'
import { PRODUCTION_ENV, root, start } from './server.ts'

const WORKERS = Number(process.env.SOAK_WORKERS ?? 4)
const tenant = { 'X-Empresa': '1', 'X-Filial': '2' }
/** What one payment of the chain pays (an invoice of 100.00 gets two). */
const PAYMENT = 4_000

/** What a worker saw acknowledged, one JSON line each. */
type Ack =
  | { kind: 'client'; id: string; version: string; name: string }
  | { kind: 'quote'; id: string; number: string; key: string }
  | { kind: 'refused'; key: string; status: number }
  /** A money chain that went through: its order, visit and invoice (issued with `number`). */
  | { kind: 'chain'; order: string; visit: string; invoice: string; number: string }
  | { kind: 'payment'; invoice: string; key: string; amount: number }
  /** A keyed retry of a write of the chain refused as if it had not landed (or another refusal). */
  | { kind: 'chain-refused'; key: string; status: number; code?: string }
/** A create whose answer did not come: sent again with its key. */
type Unanswered = { path: string; body: string; key: string; name?: string }

if (process.argv[2] === 'worker')
  await worker(process.argv[3].split(','), process.argv[4], process.argv[5], Number(process.argv[6]), process.argv[7])
else await main()

async function worker(bases: string[], token: string, log: string, seconds: number, techToken: string) {
  const deadline = Date.now() + seconds * 1000
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...tenant }
  const clients: Array<{ id: string; etag: string }> = []
  const validUntil = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10)
  let n = 0
  const call = async (path: string, init: RequestInit = {}) => {
    const base = bases[n++ % bases.length]
    return fetch(base + path, {
      ...init,
      headers: { ...headers, ...(init.headers as Record<string, string>) },
      signal: AbortSignal.timeout(5_000),
    })
  }
  const ack = (line: Ack) => appendFileSync(log, JSON.stringify(line) + '\n')
  const counts = {
    acked: 0,
    refused: 0,
    failed: 0,
    serverErrors: 0,
    unavailable: 0,
    resent: 0,
    unresolved: 0,
    chains: 0,
  }
  /** A 503 says the storage could not tell the outcome (a reply lost): sent again; any other 5xx is a fault. */
  const fault = (status: number) => (status === 503 ? counts.unavailable++ : status >= 500 && counts.serverErrors++)
  const pause = (ms: number) => new Promise((r) => setTimeout(r, ms))
  /**
   * A keyed write of the money chain, sent again with its key until an answer about it comes (a
   * killed server, a 5xx or "still running" is none), as the office's page and the technician's
   * phone do. A refusal is logged: none is expected, so one is a write that landed answered as failed.
   */
  const keyed = async <T>(path: string, key: string, body: unknown = {}, as = token): Promise<T | null> => {
    for (let attempt = 0; attempt < 300; attempt++) {
      const res = await call(path, {
        method: 'POST',
        body: JSON.stringify(body),
        headers: { 'idempotency-key': key, authorization: `Bearer ${as}` },
      }).catch(() => null)
      if (res) fault(res.status)
      if (!res || res.status >= 500 || (res.status === 409 && res.headers.get('retry-after') === '1')) {
        await res?.arrayBuffer()
        await pause(200)
        continue
      }
      const answer = (await res.json()) as { Dados: T; code?: string }
      if (res.ok) return answer.Dados
      ack({ kind: 'chain-refused', key, status: res.status, code: answer.code })
      return null
    }
    return null
  }
  let chainNo = 0
  /** order → booking → depart, arrive, finish → invoice → issue → two payments. */
  const chain = async (clientId: string) => {
    const id = `chain-${process.pid}-${chainNo++}`
    const order = await keyed<{ id: string }>('/api/cd_ordem', `${id}-order`, {
      clientId,
      lines: [{ description: `Soak ${id}`, quantity: 1, unitPrice: 10_000 }],
    })
    if (!order) return
    const start = Date.now() + 40 * 86_400_000 + Math.floor(Math.random() * 500) * 3_600_000
    const booked = await keyed<{ visits: Array<{ id: string }> }>('/api/cd_ordemagendamento', `${id}-book`, {
      orderId: order.id,
      technicianIds: [TECH_ID],
      start: new Date(start).toISOString(),
      end: new Date(start + 3_600_000).toISOString(),
      force: true,
    })
    const visit = booked?.visits[0]?.id
    if (!visit) return
    for (const step of ['depart', 'arrive', 'finish'])
      if (
        !(await keyed(
          `/api/cd_techorders/${visit}/${step}`,
          `${id}-${step}`,
          step === 'depart' ? { etaMinutes: 10 } : {},
          techToken,
        ))
      )
        return
    const billed = await keyed<{ invoiceId: string }>(`/api/cd_ordem/${order.id}/invoice`, `${id}-invoice`)
    if (!billed) return
    const issued = await keyed<{ number: string }>(`/api/cd_invoice/${billed.invoiceId}/issue`, `${id}-issue`)
    if (!issued) return
    ack({ kind: 'chain', order: order.id, visit, invoice: billed.invoiceId, number: issued.number })
    for (const n of [1, 2]) {
      const key = `${id}-pay-${n}`
      if (await keyed(`/api/cd_invoice/${billed.invoiceId}/payments`, key, { amount: PAYMENT, method: 'cash' }))
        ack({ kind: 'payment', invoice: billed.invoiceId, key, amount: PAYMENT })
    }
    counts.chains++
  }
  const unanswered: Unanswered[] = []
  /** A create with its key: acknowledged, refused, or kept to be sent again when no answer came. */
  const create = async (c: Unanswered) => {
    let res: Response
    try {
      res = await call(c.path, { method: 'POST', body: c.body, headers: { 'idempotency-key': c.key } })
    } catch (error) {
      unanswered.push(c)
      throw error
    }
    fault(res.status)
    // no answer about the write (a storage outage, the first run of the key still running): send it again
    if (res.status >= 500 || (res.status === 409 && res.headers.get('retry-after') === '1')) {
      unanswered.push(c)
      return
    }
    if (!res.ok) {
      ack({ kind: 'refused', key: c.key, status: res.status })
      counts.refused++
      return
    }
    const { Dados } = (await res.json()) as { Dados: { id: string; number?: string } }
    if (c.name) {
      clients.push({ id: Dados.id, etag: res.headers.get('etag')! })
      ack({ kind: 'client', id: Dados.id, version: res.headers.get('etag')!, name: c.name })
    } else ack({ kind: 'quote', id: Dados.id, number: Dados.number!, key: c.key })
    counts.acked++
  }
  // the chain's orders are a demo client's (one with an address to serve)
  const demoClient = await call('/api/cd_cliente?size=1&sort=name')
    .then(async (res) => ((await res.json()) as { Dados: { items: Array<{ id: string }> } }).Dados.items[0]?.id)
    .catch(() => undefined)
  while (Date.now() < deadline) {
    const roll = Math.random()
    try {
      if (unanswered.length && roll < 0.2) {
        counts.resent++
        await create(unanswered.shift()!)
      } else if (roll < 0.28 && demoClient) {
        await chain(demoClient)
      } else if (roll < 0.3 || clients.length === 0) {
        const key = `soak-${process.pid}-${n}`
        const name = `Soak ${key}`
        await create({ path: '/api/cd_cliente', body: JSON.stringify({ kind: 'person', name }), key, name })
      } else if (roll < 0.55) {
        const client = clients[Math.floor(Math.random() * clients.length)]
        const name = `Soak ${process.pid}-${n} edited`
        const res = await call(`/api/cd_cliente/${client.id}`, {
          method: 'PATCH',
          body: JSON.stringify({ name }),
          headers: { 'if-match': client.etag },
        })
        fault(res.status)
        if (res.ok) {
          client.etag = res.headers.get('etag')!
          ack({ kind: 'client', id: client.id, version: client.etag, name })
          counts.acked++
        } else {
          counts.refused++
          // 412: an edit whose answer was lost may have landed; read the version again
          if (res.status === 412) {
            const fresh = await call(`/api/cd_cliente/${client.id}`)
            if (fresh.ok) client.etag = fresh.headers.get('etag')!
          }
        }
      } else if (roll < 0.8) {
        const client = clients[Math.floor(Math.random() * clients.length)]
        const key = `soak-${process.pid}-${n}`
        await create({
          path: '/api/cd_cotacao',
          body: JSON.stringify({
            clientId: client.id,
            validUntil,
            lines: [{ description: `Soak parts ${key}`, quantity: 1, unitPrice: 1000 }],
          }),
          key,
        })
      } else {
        const res = await call(
          roll < 0.9 ? '/api/cd_cotacao?size=20&sort=total&order=desc' : '/api/cd_cliente?size=20&search=soak',
        )
        fault(res.status)
        await res.arrayBuffer()
      }
    } catch {
      // the server is down (killed) or did not answer in time: nothing was acknowledged
      counts.failed++
      await new Promise((r) => setTimeout(r, 50))
    }
  }
  // the device comes back: what never got an answer is sent again until it does (the servers are up now)
  // a first run on a server killed mid-write holds its key until its lease runs out (IDEMPOTENCY_LEASE_MS, 5 s) on a shared store
  for (let attempt = 0; attempt < 150 && unanswered.length; attempt++) {
    const pending = unanswered.splice(0)
    for (const c of pending) {
      counts.resent++
      await create(c).catch(() => undefined)
    }
    if (unanswered.length) await new Promise((r) => setTimeout(r, 500))
  }
  counts.unresolved = unanswered.length
  console.log(JSON.stringify(counts))
}

async function main() {
  const total = Number(process.env.SOAK_SECONDS ?? 300)
  const drivers = (process.env.SOAK_DRIVERS ?? 'fs,redis').split(',')
  const rows: string[] = []
  const moneyRows: string[] = []
  let failed = false
  for (const driver of drivers) {
    const result = await soak(driver as 'fs' | 'redis', Math.round(total / drivers.length))
    moneyRows.push(
      `| ${driver} | ${result.kills} | ${result.lostReplies} | ${result.chains} | ${result.payments} | ${result.money.lost} | ${result.money.twice} | ${result.money.behind} | ${result.landedRefused} | ${result.invoiceDuplicates} | ${result.overQuota} |`,
    )
    failed ||=
      result.money.lost + result.money.twice + result.money.behind + result.landedRefused + result.invoiceDuplicates >
        0 || result.chains === 0
    rows.push(
      `| ${driver} | ${result.servers} | ${result.seconds} s | ${result.kills} | ${result.acked.clients} / ${result.acked.edits} / ${result.acked.quotes} | ${result.requests} | ${result.resent} / ${result.unresolved} | ${result.serverErrors} / ${result.unavailable} | ${result.records} | ${result.corrupt} | ${result.lost} | ${result.duplicates} | ${result.twice} | ${result.gaps} | ${result.withoutLine} | ${result.lied} |`,
    )
    failed ||=
      result.corrupt +
        result.lost +
        result.duplicates +
        result.serverErrors +
        result.twice +
        result.gaps +
        result.withoutLine +
        result.lied >
      0
  }
  console.log(
    `\n| storage | servers | time | SIGKILLs | acknowledged clients / edits / quotes | requests | sent again / never answered | answers 500 / 503 (outcome unknown, sent again) | records checked | corrupt | lost | duplicate numbers | keys applied twice | number gaps | versions without their timeline line | answers that lied |\n|---|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|`,
  )
  for (const row of rows) console.log(row)
  console.log(
    `\n| storage | SIGKILLs | redis replies lost | money chains through (order → booking → depart, arrive, finish → invoice → issue) | acknowledged payments | payments lost | payments counted twice | orders or visits left behind after settling | retries of a landed write refused | invoice numbers given twice | new chains refused by the user's keyed-writes quota |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|`,
  )
  for (const row of moneyRows) console.log(row)
  if (failed) {
    console.error('\nThe soak found corrupt, lost or duplicate data, or a server error.')
    process.exit(1)
  }
}

async function soak(driver: 'fs' | 'redis', seconds: number) {
  const work = mkdtempSync(join(tmpdir(), `soak-${driver}-`))
  let lostReplies = 0
  const cleanups: Array<() => void> = [() => rmSync(work, { recursive: true, force: true })]
  try {
    let choice: StorageChoice
    let env: Record<string, string>
    if (driver === 'fs') {
      choice = { driver: 'fs', dataDir: join(work, 'data') }
      env = { STORAGE_DRIVER: 'fs', DATA_DIR: join(work, 'data') }
    } else {
      if (spawnSync('redis-server', ['--version']).status !== 0)
        throw new Error('redis-server is not installed: apt-get install -y redis-server')
      const port = await freePort()
      const redis = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', work],
        { stdio: 'ignore' },
      )
      cleanups.push(() => redis.kill())
      await waitFor(
        async () =>
          spawnSync('redis-cli', ['-p', String(port), 'ping'])
            .stdout?.toString()
            .includes('PONG') ?? false,
      )
      choice = { driver: 'redis', url: `redis://127.0.0.1:${port}` }
      // the servers reach redis through a proxy that loses a write's reply now and then (the write runs)
      const proxy = await redisProxy({ host: '127.0.0.1', port })
      cleanups.push(() => void proxy.close())
      let armedAt = 0
      const arm = () => proxy.loseReplyOf((armedAt = 100 + Math.floor(Math.random() * 300)))
      arm()
      const losing = setInterval(() => {
        if (proxy.writes() < armedAt) return
        lostReplies++
        arm()
      }, 100)
      cleanups.push(() => clearInterval(losing))
      env = { STORAGE_DRIVER: 'redis', REDIS_URL: `redis://127.0.0.1:${proxy.port}` }
    }
    const store = await openStore(choice)
    await seedDemoData(store, { info: () => {}, error: () => {} })
    await store.dispose()

    // the servers: one on fs (one process per data dir), two sharing redis
    const ports = await Promise.all(Array.from({ length: driver === 'fs' ? 1 : 2 }, () => freePort()))
    const servers: Array<ChildProcess | null> = ports.map(() => null)
    const launch = async (i: number) => {
      servers[i] = await start(
        ['build/node/server.js'],
        { PORT: String(ports[i]), ...env, ...PRODUCTION_ENV },
        `http://127.0.0.1:${ports[i]}/api/health`,
      )
    }
    cleanups.push(() => servers.forEach((s) => s?.kill('SIGKILL')))
    for (let i = 0; i < ports.length; i++) await launch(i)
    const bases = ports.map((p) => `http://127.0.0.1:${p}`)
    const signIn = await fetch(`${bases[0]}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO_ADMIN),
    })
    const { accessToken } = (await signIn.json()) as { accessToken: string }
    const techSignIn = await fetch(`${bases[0]}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO_TECHNICIAN),
    })
    const techToken = ((await techSignIn.json()) as { accessToken: string }).accessToken

    const logs = Array.from({ length: WORKERS }, (_, i) => join(work, `acks-${i}.jsonl`))
    const workerOut: string[] = []
    const workers = logs.map(
      (log) =>
        new Promise<void>((resolve, reject) => {
          const child = spawn(
            process.execPath,
            [
              join(root, 'tests/bench/soak.ts'),
              'worker',
              bases.join(','),
              accessToken,
              log,
              String(seconds),
              techToken,
            ],
            { stdio: ['ignore', 'pipe', 'inherit'] },
          )
          cleanups.push(() => child.kill())
          let out = ''
          child.stdout.on('data', (d) => (out += d))
          child.on('exit', (code) =>
            code === 0 ? (workerOut.push(out), resolve()) : reject(new Error(`a soak worker exited with ${code}`)),
          )
        }),
    )
    // the killer: every 2–6 s one server dies with SIGKILL mid-traffic and is started again
    let kills = 0
    const deadline = Date.now() + seconds * 1000
    while (Date.now() < deadline - 3_000) {
      await new Promise((r) => setTimeout(r, 2_000 + Math.random() * 4_000))
      const i = Math.floor(Math.random() * ports.length)
      servers[i]!.kill('SIGKILL')
      await new Promise((r) => servers[i]!.once('exit', r))
      kills++
      await launch(i)
    }
    await Promise.all(workers)
    const counts = workerOut.map(
      (o) =>
        JSON.parse(o.trim().split('\n').pop()!) as {
          acked: number
          refused: number
          failed: number
          serverErrors: number
          unavailable: number
        },
    )

    // After the storm: a clean server, and the checks.
    const acks = logs.flatMap((log) => readLines(log).map((line) => JSON.parse(line) as Ack))
    const last = new Map<string, Extract<Ack, { kind: 'client' }>>()
    for (const a of acks) if (a.kind === 'client') last.set(a.id, a) // each client is written by one worker, in order
    const quotes = acks.filter((a): a is Extract<Ack, { kind: 'quote' }> => a.kind === 'quote')
    const headers = { authorization: `Bearer ${accessToken}`, ...tenant }
    let lost = 0
    for (const a of last.values()) {
      const res = await fetch(`${bases[0]}/api/cd_cliente/${a.id}`, { headers })
      const body = res.ok ? ((await res.json()) as { Dados: { name: string } }) : null
      const version = Number(res.headers.get('etag')?.replace(/\D/g, ''))
      const acked = Number(a.version.replace(/\D/g, ''))
      // an acknowledged edit is there, or a later one (whose answer the worker never got)
      if (!body || version < acked || (version === acked && body.Dados.name !== a.name)) {
        lost++
        console.error(
          `lost: client ${a.id} acknowledged at ${a.version} as ${a.name}; found ${res.status} ${res.headers.get('etag')} ${body?.Dados.name}`,
        )
      }
    }
    // every acknowledged quote is listed (the list reads the quotes' own index) with its number
    const listed = new Map<string, string>()
    const quoteMarks: string[] = []
    for (let page = 1; ; page++) {
      const res = await fetch(`${bases[0]}/api/cd_cotacao?size=100&all=1&page=${page}`, { headers })
      const { Dados } = (await res.json()) as {
        Dados: {
          items: Array<{ id: string; number: string; lines: Array<{ description: string }> }>
          pagination: { length: number }
        }
      }
      for (const q of Dados.items) {
        listed.set(q.id, q.number)
        quoteMarks.push(q.lines[0]?.description.replace('Soak parts ', '') ?? '')
      }
      if (Dados.items.length === 0 || listed.size >= Dados.pagination.length) break
    }
    for (const q of quotes) {
      if (listed.get(q.id) !== q.number) {
        lost++
        console.error(`lost: quote ${q.id} ${q.number} acknowledged; listed as ${listed.get(q.id)}`)
      }
    }
    const numbers = [...listed.values()]
    const duplicates = numbers.length - new Set(numbers).size

    // the clients the soak made, by the key in their name
    const soakClients: Array<{ id: string; name: string }> = []
    for (let page = 1; ; page++) {
      const res = await fetch(`${bases[0]}/api/cd_cliente?size=100&all=1&search=soak&page=${page}`, { headers })
      const { Dados } = (await res.json()) as { Dados: { items: Array<{ id: string; name: string }> } }
      soakClients.push(...Dados.items)
      if (Dados.items.length < 100) break
    }
    const keyOf = (name: string) => name.replace(/^Soak /, '').replace(/ edited$/, '')
    const made = [...soakClients.map((c) => keyOf(c.name)), ...quoteMarks.filter((m) => m.startsWith('soak-'))]
    // a key that made two records (a create sent again applied twice)
    const twice = made.length - new Set(made).size
    // a create answered as refused whose record is stored: an answer that lied
    const refused = acks.filter((a): a is Extract<Ack, { kind: 'refused' }> => a.kind === 'refused')
    const stored = new Set(made)
    const lied = refused.filter((r) => stored.has(r.key)).length
    // every stored version of a record has its timeline line
    let withoutLine = 0
    const timelineOf = async (module: string, id: string) => {
      const [record, activity] = await Promise.all([
        fetch(`${bases[0]}/api/${module}/${id}`, { headers }),
        fetch(`${bases[0]}/api/${module}/${id}/activity`, { headers }),
      ])
      const version = Number(record.headers.get('etag')?.replace(/\D/g, ''))
      const lines = ((await activity.json()) as { Dados: Array<{ version?: number }> }).Dados
      const shown = new Set(lines.map((l) => l.version))
      for (let v = 1; v <= version; v++)
        if (!shown.has(v)) {
          withoutLine++
          console.error(`no timeline line: ${module} ${id} version ${v}`)
        }
    }
    for (const c of soakClients) await timelineOf('cd_cliente', c.id)
    for (const id of listed.keys()) if (quotes.some((q) => q.id === id)) await timelineOf('cd_cotacao', id)

    // the money chain: every acknowledged payment counted once, no order or visit behind, no refused retry
    const chains = acks.filter((a): a is Extract<Ack, { kind: 'chain' }> => a.kind === 'chain')
    const payments = acks.filter((a): a is Extract<Ack, { kind: 'payment' }> => a.kind === 'payment')
    // a new key past the user's quota of kept answers (docs/api.md §8) is refused before it runs: no
    // fault (a retry of a key that ran is answered from it, never counted); any other refusal is one
    const refusals = acks.filter((a): a is Extract<Ack, { kind: 'chain-refused' }> => a.kind === 'chain-refused')
    const overQuota = refusals.filter((r) => r.code === 'idempotency_quota_exceeded').length
    const landedRefused = refusals.filter((r) => r.code !== 'idempotency_quota_exceeded')
    for (const r of landedRefused) console.error(`refused: ${JSON.stringify(r)}`)
    const money = { lost: 0, twice: 0, behind: 0 }
    const read = async <T>(path: string) =>
      ((await (await fetch(`${bases[0]}/api${path}`, { headers })).json()) as { Dados: T }).Dados
    for (const c of chains) {
      const invoice = await read<{ paid: number }>(`/cd_invoice/${c.invoice}`)
      const acked = payments.filter((p) => p.invoice === c.invoice).reduce((sum, p) => sum + p.amount, 0)
      if (invoice.paid < acked) money.lost++
      if (invoice.paid > acked) money.twice++
      const [order, visit] = [
        await read<{ status: string }>(`/cd_ordem/${c.order}`),
        await read<{ status: string }>(`/cd_techorders/${c.visit}`),
      ]
      if (order.status !== 'invoiced' || visit.status !== 'done') {
        money.behind++
        console.error(`behind: order ${c.order} ${order.status}, visit ${c.visit} ${visit.status}`)
      }
      if (invoice.paid !== acked)
        console.error(`money: invoice ${c.invoice} paid ${invoice.paid}, acknowledged ${acked}`)
    }
    const invoiceNumbers: string[] = []
    for (let page = 1; ; page++) {
      const got = await read<{ items: Array<{ number: string | null }> }>(`/cd_invoice?size=100&all=1&page=${page}`)
      invoiceNumbers.push(...got.items.flatMap((i) => (i.number ? [i.number] : [])))
      if (got.items.length < 100) break
    }
    const invoiceDuplicates = invoiceNumbers.length - new Set(invoiceNumbers).size

    // every stored record parses, read straight from the store's medium
    const { records, corrupt } =
      driver === 'fs' ? checkFiles(join(work, 'data')) : await checkRedis(choice.driver === 'redis' ? choice.url : '')

    // the servers stop; what the kills left pending is settled (as a start of fs does); then no number may be missing
    servers.forEach((s) => s?.kill('SIGKILL'))
    await Promise.all(servers.map((s) => s && s.exitCode === null && new Promise((r) => s.once('exit', r))))
    const settled = await openStore(choice)
    const repos = createRepositories(settled)
    await repos.settleSeries()
    const year = new Date().getUTCFullYear()
    const series = (await settled.get<{ last: number; free: number[]; pending?: unknown[] }>(
      keys.series(1, `ORC-2-${year}`),
    ))!.value
    const invoiceSeries = (
      await settled.get<{ last: number; free: number[]; pending?: unknown[] }>(keys.series(1, `FAT-2-${year}`))
    )?.value ?? { last: 0, free: [] }
    await settled.dispose()
    const used = new Set(numbers.filter((n) => n.includes(String(year))).map((n) => Number(n.slice(-6))))
    const usedInvoices = new Set(invoiceNumbers.filter((n) => n.includes(`-${year}-`)).map((n) => Number(n.slice(-6))))
    // a number neither on a document nor given back (to be taken next) is a gap
    const gaps =
      series.last -
      used.size -
      series.free.length -
      (series.pending?.length ?? 0) +
      (invoiceSeries.last - usedInvoices.size - invoiceSeries.free.length - (invoiceSeries.pending?.length ?? 0))
    return {
      servers: ports.length,
      seconds,
      kills,
      acked: {
        clients: acks.filter((a) => a.kind === 'client' && a.version === '"1"').length,
        edits: acks.filter((a) => a.kind === 'client' && a.version !== '"1"').length,
        quotes: quotes.length,
      },
      requests: counts.reduce((s, c) => s + c.acked + c.refused + c.failed, 0),
      serverErrors: counts.reduce((s, c) => s + c.serverErrors, 0),
      unavailable: counts.reduce((s, c) => s + c.unavailable, 0),
      records,
      corrupt,
      lost,
      duplicates,
      twice,
      lied,
      withoutLine,
      gaps,
      lostReplies,
      chains: chains.length,
      payments: payments.length,
      money,
      landedRefused: landedRefused.length,
      overQuota,
      invoiceDuplicates,
      resent: counts.reduce((s, c) => s + ((c as { resent?: number }).resent ?? 0), 0),
      unresolved: counts.reduce((s, c) => s + ((c as { unresolved?: number }).unresolved ?? 0), 0),
    }
  } finally {
    for (const cleanup of cleanups.reverse()) cleanup()
  }
}

function readLines(file: string): string[] {
  try {
    return readFileSync(file, 'utf8').split('\n').filter(Boolean)
  } catch {
    return []
  }
}

function checkFiles(dir: string): { records: number; corrupt: number } {
  let records = 0
  let corrupt = 0
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.json')) continue
    records++
    try {
      decodeRecord(readFileSync(join(entry.parentPath, entry.name), 'utf8'))
    } catch {
      corrupt++
      console.error(`corrupt: ${join(entry.parentPath, entry.name)}`)
    }
  }
  return { records, corrupt }
}

async function checkRedis(url: string): Promise<{ records: number; corrupt: number }> {
  const { default: Redis } = await import('ioredis')
  const client = new Redis(url)
  let records = 0
  let corrupt = 0
  try {
    for await (const keys of client.scanStream({ count: 500 }) as AsyncIterable<string[]>) {
      for (const key of keys) {
        if ((await client.type(key)) !== 'string') continue // the children index sets
        records++
        try {
          decodeRecord(await client.get(key))
        } catch {
          corrupt++
          console.error(`corrupt: ${key}`)
        }
      }
    }
  } finally {
    client.disconnect()
  }
  return { records, corrupt }
}

async function waitFor(ok: () => Promise<boolean>) {
  for (let i = 0; i < 100; i++) {
    if (await ok()) return
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error('redis-server did not start')
}
