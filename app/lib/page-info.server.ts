import { data, type RouterContextProvider } from 'react-router'
import type { z } from 'zod'
import { myPageAnswer } from '../../domain/schemas/admin.ts'
import { readAnswer } from './answer.server'

export type PageInfo = z.output<typeof myPageAnswer>

/** The page's title and the user's level on it, from the company's registry; 404 / 403 otherwise. */
export async function pageInfo(
  request: Request,
  context: Readonly<RouterContextProvider>,
  module: string,
): Promise<PageInfo> {
  const page = (
    await readAnswer({ request, context }, `/ac_paginas/mine?module=${encodeURIComponent(module)}`, myPageAnswer)
  ).data
  if (page.level === 'none') throw data(null, { status: 403 })
  return page
}
