/** docs/domain.md ac_usuariospaginas: what a user may do on a page. Each level includes the ones before. */
export const ACCESS_LEVELS = ['none', 'view', 'edit', 'delete'] as const
export type AccessLevel = (typeof ACCESS_LEVELS)[number]
export const atLeast = (level: AccessLevel, needed: AccessLevel) =>
  ACCESS_LEVELS.indexOf(level) >= ACCESS_LEVELS.indexOf(needed)

export const PAGE_GROUPS = ['field', 'money', 'admin'] as const
export type PageGroup = (typeof PAGE_GROUPS)[number]

/** docs/domain.md ac_paginas: one screen of the registry (per company: each may rename, reorder or hide). */
export type PageRecord = {
  module: string
  titles: { en: string; es: string; pt: string }
  icon: string
  group: PageGroup
  order: number
  active: boolean
}

// The pages every company starts with and each role's presets are the modules' own: domain/modules/index.ts.
