import { keys } from '../keys.ts'
import type { Store, WriteOptions } from '../store.ts'
import type { AccessLevel, PageRecord } from '../../domain/access.ts'

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
