import { data, type RouterContextProvider } from 'react-router'
import { apiClient } from './api.server'
import { requireUser } from './session.server'

export type PageInfo = { module: string; title: string; group: 'field' | 'money' | 'admin'; level: 'none' | 'view' | 'edit' | 'delete' }

/** The page's title and the user's level on it, from the company's registry; 404 / 403 otherwise. */
export async function pageInfo(request: Request, context: Readonly<RouterContextProvider>, module: string): Promise<PageInfo> {
  const res = await apiClient(request, context).ac_paginas.mine.$get({ query: { module } })
  if (res.status === 401) await requireUser(request, context)
  if (res.status === 404 || res.status === 400) throw data(null, { status: 404 })
  if (!res.ok) throw data(null, { status: res.status === 403 ? 403 : 500 })
  const { Dados } = await res.json()
  if (Dados.level === 'none') throw data(null, { status: 403 })
  return Dados
}

