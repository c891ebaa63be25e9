// The Deno entry: `npx deno run -A --unstable-kv bff/runtime/deno.ts` (after npm run build).
// As on Node (node.ts): the settings are read first, then NODE_ENV is set to production so that
// React, loaded with the server, uses its production build whatever the app's mode.
declare const Deno: { env: { toObject(): Record<string, string>; set(name: string, value: string): void } }

const settings = Deno.env.toObject()
Deno.env.set('NODE_ENV', 'production')
const { serveDeno } = (await import(
  new URL('./deno-server.ts', import.meta.url).href
)) as typeof import('./deno-server.ts')
await serveDeno(settings)
