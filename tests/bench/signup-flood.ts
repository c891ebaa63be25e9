// Sign-in latency alone and during a flood of 200 parallel sign-ups from 200 addresses, on the
// built Node server with production's 600,000-round hashing: `node tests/bench/signup-flood.ts`.
import { freePort, startServer } from '../runtime/servers.ts'

const port = await freePort()
const server = await startServer(process.execPath, ['build/node/server.js'], port, {
  PORT: String(port),
  STORAGE_DRIVER: 'memory',
  NODE_ENV: 'test',
  TRUSTED_PROXY_HEADER: 'x-forwarded-for',
})
const post = (path: string, body: unknown, address: string) =>
  fetch(`${server.url}/api/auth/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify(body),
  })
const signIn = async () => {
  const began = performance.now()
  const res = await post('sign-in', { email: 'admin@demo.fieldservice.app', password: 'demo-admin-2026' }, '192.0.2.1')
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}`)
  return performance.now() - began
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
try {
  await signIn()
  const alone: number[] = []
  for (let i = 0; i < 5; i++) alone.push(await signIn())
  const flood = Promise.all(
    Array.from({ length: 200 }, (_, i) =>
      post(
        'sign-up',
        {
          name: `Flood ${i}`,
          email: `flood${i}@example.com`,
          password: `flood-password-${i}-x`,
          company: 'Flood',
          country: 'BR',
          currency: 'BRL',
          culture: 'pt',
          timeZone: 'America/Sao_Paulo',
          agreements: true,
        },
        `198.51.${i >> 8}.${i & 255}`,
      ).then((r) => r.status),
    ),
  )
  const during: number[] = []
  for (let i = 0; i < 5; i++) during.push(await signIn())
  const statuses = await flood
  console.log(
    `sign-in alone: median ${median(alone).toFixed(0)} ms; during 200 parallel sign-ups: median ${median(during).toFixed(0)} ms, worst ${Math.max(...during).toFixed(0)} ms; sign-ups accepted ${statuses.filter((s) => s === 200).length}, asked a proof of work or refused (429) ${statuses.filter((s) => s === 429).length}`,
  )
} finally {
  await server.stop()
}
