import { data, type RouterContextProvider } from 'react-router'
import type { z } from 'zod'
import { wrapper } from '../../domain/schemas/common.ts'
import { callBff } from './api.server'
import { requireUser } from './session.server'

type Args = { request: Request; context: Readonly<RouterContextProvider> }

/** A BFF answer read through its documented schema: typed and checked, never cast. 401 → sign-in, 404 / 403 → those pages. */
export async function readAnswer<T>(
  { request, context }: Args,
  path: string,
  schema: z.ZodType<T>,
): Promise<{ data: T; version: string | null }> {
  const res = await callBff(request, context, path)
  if (res.status === 400) throw data(null, { status: 404 })
  if (!res.ok) await refusedRead({ request, context }, res)
  return { data: wrapper(schema).parse(await res.json()).Dados, version: res.headers.get('etag') }
}

/** What a page does when the BFF refuses a read: 401 → sign-in, 404 → that page, the rest as refusedPage says. */
export async function refusedRead({ request, context }: Args, res: Response): Promise<never> {
  if (res.status === 401) await requireUser(request, context)
  if (res.status === 404) throw data(null, { status: 404 })
  throw refusedPage(res)
}

/**
 * What a page shows for a BFF refusal it cannot do better with: not allowed (403), too many
 * requests (429) and unavailable (503) as they are, with the answer's Retry-After; else 500.
 */
export function refusedPage(res: Response) {
  const passed = res.status === 403 || res.status === 429 || res.status === 503
  const retryAfter = res.headers.get('retry-after')
  return data(null, {
    status: passed ? res.status : 500,
    ...(passed && retryAfter ? { headers: { 'Retry-After': retryAfter } } : {}),
  })
}
