// The Node entry (npm start, npm run dev). React picks its development or production build from
// NODE_ENV the first time it is loaded, and NODE_ENV is also the app's own mode (development: demo
// data, cookies without Secure). So the settings are read here first, NODE_ENV is set to
// production for React, and only then is the server (and with it React) loaded: every start
// renders with React's production build, whatever the app's mode.
import { enableCompileCache, flushCompileCache } from 'node:module'

// A start is mostly the compiling of modules: Node keeps their compiled code (in the system's
// temporary folder, or the folder NODE_COMPILE_CACHE names: one the app owns survives a container's
// restart), checked against their source, for the next start. Written once the server is up, as a
// process that is killed never writes it at exit.
enableCompileCache()
const settings = { ...process.env }
process.env.NODE_ENV = 'production'
// built (build/node/server.js) or run from source (npm run dev): the server file sits beside this one
const server = new URL(import.meta.url.endsWith('.ts') ? './node-server.ts' : './node-server.js', import.meta.url)
const { serveNode } = (await import(server.href)) as typeof import('./node-server.ts')
await serveNode(settings)
flushCompileCache()
