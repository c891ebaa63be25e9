// The two baselines of the benchmark, served the way the product is (Hono on @hono/node-server):
// `hello` a bare Hono route, `trivial` a trivial React Router page with a loader.
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { createRequestHandler, type ServerBuild } from 'react-router'

const [kind, port] = process.argv.slice(2)
const app = new Hono()
if (kind === 'hello') {
  app.get('/', (c) => c.text('Hello Hono!'))
} else {
  const build = (await import(
    new URL('../../build/bench-trivial/server/index.js', import.meta.url).href
  )) as ServerBuild
  const handle = createRequestHandler(build, 'production')
  app.all('*', (c) => handle(c.req.raw))
}
serve({ fetch: app.fetch, port: Number(port), hostname: '127.0.0.1' }, () => console.log('ready'))
