import { data, type RouterContextProvider } from 'react-router'
import type { z } from 'zod'
import { wrapper } from '../../domain/schemas/common.ts'
import { myPageAnswer } from '../../domain/schemas/admin.ts'
import { callBff } from './api.server'
import { requireUser } from './session.server'

export type PageInfo = z.output<typeof myPageAnswer>
const answer = wrapper(myPageAnswer)

/** The page's title and the user's level on it, from the company's registry; 404 / 403 otherwise. */
export async function pageInfo(
  request: Request,
  context: Readonly<RouterContextProvider>,
  module: string,
): Promise<PageInfo> {
  const res = await callBff(request, context, `/ac_paginas/mine?module=${encodeURIComponent(module)}`)
  if (res.status === 401) await requireUser(request, context)
  if (res.status === 404 || res.status === 400) throw data(null, { status: 404 })
  if (!res.ok) throw data(null, { status: res.status === 403 ? 403 : 500 })
  const { Dados } = answer.parse(await res.json())
  if (Dados.level === 'none') throw data(null, { status: 403 })
  return Dados
}
