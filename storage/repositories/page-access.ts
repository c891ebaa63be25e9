import { keys } from '../keys.ts'
import type { Store, WriteOptions } from '../store.ts'
import type { Role } from './users.ts'

/** DOMAIN.md ac_usuariospaginas: what a user may do on a page. Each level includes the ones before. */
export const ACCESS_LEVELS = ['none', 'view', 'edit', 'delete'] as const
export type AccessLevel = (typeof ACCESS_LEVELS)[number]
export const atLeast = (level: AccessLevel, needed: AccessLevel) => ACCESS_LEVELS.indexOf(level) >= ACCESS_LEVELS.indexOf(needed)

export const PAGE_GROUPS = ['field', 'money', 'admin'] as const
export type PageGroup = (typeof PAGE_GROUPS)[number]

/** DOMAIN.md ac_paginas: one screen of the registry (per company: each may rename, reorder or hide). */
export type PageRecord = {
  module: string
  titles: { en: string; es: string; pt: string }
  icon: string
  group: PageGroup
  order: number
  active: boolean
}

const FIELD = ['cd_cliente', 'cd_job', 'cd_cotacao', 'cd_ordem', 'cd_ordemagendamento', 'cd_techorders']
const MONEY = ['cd_invoice', 'cd_financeiro', 'cd_reports']

/** Roles are presets of page access (DOMAIN.md ac_usuarios); the matrix may then be adjusted per user. */
export const ROLE_PRESETS: Record<Role, Record<string, AccessLevel>> = {
  admin: Object.fromEntries([...FIELD, ...MONEY, 'ac_empresas', 'cd_filial', 'ac_usuarios', 'ac_paginas', 'ac_usuariospaginas'].map((m) => [m, 'delete'])),
  manager: { ...Object.fromEntries([...FIELD, ...MONEY].map((m) => [m, 'delete'])), ac_empresas: 'edit', cd_filial: 'edit', ac_usuarios: 'view' },
  dispatcher: { cd_cliente: 'edit', cd_job: 'view', cd_cotacao: 'edit', cd_ordem: 'edit', cd_ordemagendamento: 'edit', cd_techorders: 'view', cd_reports: 'view' },
  technician: { cd_cliente: 'view', cd_job: 'view', cd_ordem: 'view', cd_ordemagendamento: 'view', cd_techorders: 'edit' },
  finance: { cd_cliente: 'view', cd_ordem: 'view', cd_invoice: 'delete', cd_financeiro: 'delete', cd_reports: 'view' },
}

export const presetLevel = (role: Role, module: string): AccessLevel => ROLE_PRESETS[role][module] ?? 'none'

/** The company's page registry and each user's adjustments of their role's preset. */
export function pageAccessRepository(store: Store) {
  return {
    /** The company's registry, or null while it still uses the defaults. */
    async pages(empresa: number): Promise<PageRecord[] | null> {
      return (await store.get<PageRecord[]>(keys.companyRecord(empresa, 'settings', 'pages')))?.value ?? null
    },
    async savePages(empresa: number, fn: (pages: PageRecord[] | null) => PageRecord[], options?: WriteOptions) {
      return store.update<PageRecord[]>(keys.companyRecord(empresa, 'settings', 'pages'), (current) => fn(current?.value ?? null), options)
    },
    /** The user's levels that differ from the role's preset, in this company. */
    async overrides(empresa: number, userId: string): Promise<Record<string, AccessLevel>> {
      return (await store.get<Record<string, AccessLevel>>(keys.companyRecord(empresa, 'user-pages', userId)))?.value ?? {}
    },
    async overridesVersioned(empresa: number, userId: string) {
      return store.get<Record<string, AccessLevel>>(keys.companyRecord(empresa, 'user-pages', userId))
    },
    async saveOverrides(empresa: number, userId: string, overrides: Record<string, AccessLevel>, options?: WriteOptions) {
      return store.update<Record<string, AccessLevel>>(keys.companyRecord(empresa, 'user-pages', userId), () => overrides, options)
    },
  }
}
