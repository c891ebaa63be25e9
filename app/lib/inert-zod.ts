/**
 * What `zod` is in the browser's build (vite.config.ts). The features' definitions name the
 * domain's schemas, so the browser builds them, but it never runs them: the server checked every
 * row a page reads (app/kit/screens.server.ts reads each answer with its module's schema) and every
 * form it posts, and a page reads its loader's data by type. Each schema here is inert: any of its
 * methods gives another, and parsing throws, so a page that would parse in the browser fails its
 * tests instead of shipping zod (27 KB gzipped) to every list and record.
 */
const refuse = () => {
  throw new Error('zod does not run in the browser: read the data the server checked (app/lib/inert-zod.ts)')
}
const PARSERS = new Set(['parse', 'safeParse', 'parseAsync', 'safeParseAsync', 'decode', 'encode'])

const inert: unknown = new Proxy(function schema() {}, {
  get: (_target, key) =>
    // not a promise, not a list, not a primitive: a value nothing mistakes for data
    key === 'then' || typeof key === 'symbol' ? undefined : PARSERS.has(key) ? refuse : inert,
  apply: () => inert,
  construct: () => inert as object,
})

export const z = inert
export const ZodObject = inert
export default inert
