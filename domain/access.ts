import type { Role } from './tenancy.ts'

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


/** The screens every company starts with (DOMAIN.md ac_paginas): seeded on first use, then the company's own. */
export const DEFAULT_PAGES: PageRecord[] = [
  { module: 'cd_cliente', titles: { en: 'Clients', es: 'Clientes', pt: 'Clientes' }, icon: 'M4 20c0-4 4-6 8-6s8 2 8 6M12 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8', group: 'field', order: 10, active: true },
  { module: 'cd_job', titles: { en: 'Jobs', es: 'Servicios', pt: 'Serviços' }, icon: 'M4 8h16v11H4zM9 8V5h6v3', group: 'field', order: 20, active: true },
  { module: 'cd_cotacao', titles: { en: 'Quotes', es: 'Cotizaciones', pt: 'Orçamentos' }, icon: 'M6 3h9l4 4v14H6zM9 12h7M9 16h7', group: 'field', order: 30, active: true },
  { module: 'cd_ordem', titles: { en: 'Service orders', es: 'Órdenes de servicio', pt: 'Ordens de serviço' }, icon: 'M8 4h8v3H8zM5 6h14v15H5zM9 12h6M9 16h6', group: 'field', order: 40, active: true },
  { module: 'cd_ordemagendamento', titles: { en: 'Scheduling', es: 'Agenda', pt: 'Agendamento' }, icon: 'M4 6h16v14H4zM4 10h16M8 3v5M16 3v5', group: 'field', order: 50, active: true },
  { module: 'cd_techorders', titles: { en: 'Technician work', es: 'Trabajo técnico', pt: 'Trabalho técnico' }, icon: 'M14 6l4 4-9 9H5v-4zM12 8l4 4', group: 'field', order: 60, active: true },
  { module: 'cd_invoice', titles: { en: 'Invoices', es: 'Facturas', pt: 'Faturas' }, icon: 'M6 3h12v18l-3-2-3 2-3-2-3 2zM9 8h6M9 12h6', group: 'money', order: 70, active: true },
  { module: 'cd_financeiro', titles: { en: 'Finance', es: 'Finanzas', pt: 'Financeiro' }, icon: 'M3 7h18v12H3zM3 11h18M7 15h3', group: 'money', order: 80, active: true },
  { module: 'cd_reports', titles: { en: 'Reports', es: 'Informes', pt: 'Relatórios' }, icon: 'M5 20V10M12 20V4M19 20v-7', group: 'money', order: 90, active: true },
  { module: 'ac_empresas', titles: { en: 'Companies', es: 'Empresas', pt: 'Empresas' }, icon: 'M4 21V5h10v16M14 9h6v12M7 9h4M7 13h4', group: 'admin', order: 100, active: true },
  { module: 'cd_filial', titles: { en: 'Branches', es: 'Sucursales', pt: 'Filiais' }, icon: 'M12 21s-7-6-7-11a7 7 0 0 1 14 0c0 5-7 11-7 11zM12 12a2 2 0 1 0 0-4 2 2 0 0 0 0 4', group: 'admin', order: 110, active: true },
  { module: 'ac_usuarios', titles: { en: 'Users', es: 'Usuarios', pt: 'Usuários' }, icon: 'M9 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6M3 20c0-3 3-5 6-5s6 2 6 5M17 11a3 3 0 1 0 0-6M21 20c0-3-2-5-4-5', group: 'admin', order: 120, active: true },
  { module: 'ac_paginas', titles: { en: 'Pages', es: 'Páginas', pt: 'Páginas' }, icon: 'M5 4h14v16H5zM9 8h6M9 12h6M9 16h3', group: 'admin', order: 130, active: true },
  { module: 'ac_usuariospaginas', titles: { en: 'User pages', es: 'Páginas por usuario', pt: 'Páginas por usuário' }, icon: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM16 14v6M13 17h6', group: 'admin', order: 140, active: true },
]
