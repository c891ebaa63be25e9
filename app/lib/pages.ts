import type { Translator } from './i18n'

export type PageGroup = 'group_admin' | 'group_field' | 'group_money'
export type PageEntry = { module: string; title: keyof Translator; icon: string; group: PageGroup }

/**
 * The registry of the signed-in screens (DOMAIN.md ac_paginas): route, title per language,
 * icon, group and order. The navigation is built from it; every entry has a page.
 */
export const PAGES: PageEntry[] = [
  { module: 'cd_cliente', title: 'page_cd_cliente', icon: 'M4 20c0-4 4-6 8-6s8 2 8 6M12 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8', group: 'group_field' },
  { module: 'cd_job', title: 'page_cd_job', icon: 'M4 8h16v11H4zM9 8V5h6v3', group: 'group_field' },
  { module: 'cd_cotacao', title: 'page_cd_cotacao', icon: 'M6 3h9l4 4v14H6zM9 12h7M9 16h7', group: 'group_field' },
  { module: 'cd_ordem', title: 'page_cd_ordem', icon: 'M8 4h8v3H8zM5 6h14v15H5zM9 12h6M9 16h6', group: 'group_field' },
  { module: 'cd_ordemagendamento', title: 'page_cd_ordemagendamento', icon: 'M4 6h16v14H4zM4 10h16M8 3v5M16 3v5', group: 'group_field' },
  { module: 'cd_techorders', title: 'page_cd_techorders', icon: 'M14 6l4 4-9 9H5v-4zM12 8l4 4', group: 'group_field' },
  { module: 'cd_invoice', title: 'page_cd_invoice', icon: 'M6 3h12v18l-3-2-3 2-3-2-3 2zM9 8h6M9 12h6', group: 'group_money' },
  { module: 'cd_financeiro', title: 'page_cd_financeiro', icon: 'M3 7h18v12H3zM3 11h18M7 15h3', group: 'group_money' },
  { module: 'cd_reports', title: 'page_cd_reports', icon: 'M5 20V10M12 20V4M19 20v-7', group: 'group_money' },
  { module: 'ac_empresas', title: 'page_ac_empresas', icon: 'M4 21V5h10v16M14 9h6v12M7 9h4M7 13h4', group: 'group_admin' },
  { module: 'cd_filial', title: 'page_cd_filial', icon: 'M12 21s-7-6-7-11a7 7 0 0 1 14 0c0 5-7 11-7 11zM12 12a2 2 0 1 0 0-4 2 2 0 0 0 0 4', group: 'group_admin' },
  { module: 'ac_usuarios', title: 'page_ac_usuarios', icon: 'M9 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6M3 20c0-3 3-5 6-5s6 2 6 5M17 11a3 3 0 1 0 0-6M21 20c0-3-2-5-4-5', group: 'group_admin' },
  { module: 'ac_paginas', title: 'page_ac_paginas', icon: 'M5 4h14v16H5zM9 8h6M9 12h6M9 16h3', group: 'group_admin' },
  { module: 'ac_usuariospaginas', title: 'page_ac_usuariospaginas', icon: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM16 14v6M13 17h6', group: 'group_admin' },
]

export const GROUPS: PageGroup[] = ['group_field', 'group_money', 'group_admin']

export const pageOf = (module: string) => PAGES.find((p) => p.module === module)
