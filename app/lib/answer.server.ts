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
  if (res.status === 401) await requireUser(request, context)
  if (res.status === 404 || res.status === 400) throw data(null, { status: 404 })
  if (!res.ok) throw data(null, { status: res.status === 403 || res.status === 503 ? res.status : 500 })
  return { data: wrapper(schema).parse(await res.json()).Dados, version: res.headers.get('etag') }
}
