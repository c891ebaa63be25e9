import type { RouterContextProvider } from 'react-router'
import type { z } from 'zod'
import { wrapper } from '../../domain/schemas/common.ts'
import { refusedRead } from './answer.server'
import { callBff } from './api.server'
import { COOKIE, readCookies } from './cookies.server'

type Args = { request: Request; context: Readonly<RouterContextProvider> }

/** A kept answer's page data, or the field errors of a question the BFF refused (400). */
export type Kept<V> = { value: V; invalid?: never } | { invalid: unknown; value?: never }

/**
 * What a page makes of a BFF answer that bears an ETag of what it was worked out from (an
 * operation documented `conditional`: the reports' summary), kept per process for the latest
 * `max` questions (`variant`: what else the page data depends on, its language). The answer is asked with If-None-Match: while it holds (304), what `make` made
 * of it is used again, and the answer is neither worked out, sent, checked nor made into the page's
 * data again; the page is still drawn for each request. The ETag is the BFF's word, read from the
 * storage on each request: a write by any process is seen at once. 401 → sign-in, 403 / 429 / 503
 * as they are (readAnswer's rules); 400 gives the refusal to the page.
 */
export function keptAnswers<T, V, K extends string>(
  schema: z.ZodType<T>,
  make: (answer: T, variant: K) => V,
  max = 50,
) {
  const kept = new Map<string, { etag: string; value: V }>()
  return async ({ request, context }: Args, path: string, variant: K): Promise<Kept<V>> => {
    // the same question from the same company and branch, made into the same language
    const cookies = readCookies(request)
    const key = `${variant}\n${cookies[COOKIE.empresa] ?? ''}:${cookies[COOKIE.filial] ?? ''}\n${path}`
    // a hard reload (Cache-Control: no-cache) has everything worked out again
    const hit = /no-cache/i.test(request.headers.get('cache-control') ?? '') ? undefined : kept.get(key)
    const res = await callBff(request, context, path, { headers: hit ? { 'If-None-Match': hit.etag } : {} })
    if (res.status === 304 && hit) {
      // the latest used last to go
      kept.delete(key)
      kept.set(key, hit)
      return { value: hit.value }
    }
    if (res.status === 400) return { invalid: await res.json() }
    if (!res.ok) await refusedRead({ request, context }, res)
    const value = make(wrapper(schema).parse(await res.json()).Dados, variant)
    const etag = res.headers.get('etag')
    kept.delete(key)
    if (etag) kept.set(key, { etag, value })
    if (kept.size > max) kept.delete(kept.keys().next().value!)
    return { value }
  }
}
