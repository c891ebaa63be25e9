import { keys } from '../keys.ts'
import type { Store, Versioned, WriteOptions } from '../store.ts'
import type { AccessLevel, PageRecord } from '../../domain/access.ts'
import { DEFAULT_PAGES } from '../../domain/modules/index.ts'

/** Where a company's page registry is kept once it edited it. */
const registry = (empresa: number) => keys.companyRecord(empresa, 'settings', 'pages')

/** The company's page registry and each user's adjustments of their role's preset. */
export function pageAccessRepository(store: Store) {
  return {
    /** The company's registry, or null while it still uses the defaults. */
    async pages(empresa: number): Promise<PageRecord[] | null> {
      return (await store.get<PageRecord[]>(registry(empresa)))?.value ?? null
    },
    /** One page of the registry, versioned as the registry (version 0 while it is the defaults). */
    async page(empresa: number, module: string): Promise<Versioned<PageRecord> | null> {
      const stored = await store.get<PageRecord[]>(registry(empresa))
      const page = (stored?.value ?? DEFAULT_PAGES).find((p) => p.module === module)
      return page ? { version: stored?.version ?? 0, value: page } : null
    },
    /** Changes one page of the registry (the defaults are stored on the first change). */
    async updatePage(
      empresa: number,
      module: string,
      fn: (page: PageRecord) => PageRecord,
      options?: WriteOptions,
    ): Promise<Versioned<PageRecord> | null> {
      const saved = await store.update<PageRecord[]>(
        registry(empresa),
        (current) => (current?.value ?? DEFAULT_PAGES).map((p) => (p.module === module ? fn(p) : p)),
        options,
      )
      const page = saved?.value.find((p) => p.module === module)
      return saved && page ? { version: saved.version, value: page } : null
    },
    /** Adds the pages a stored registry lacks, after the company's own (none while it is the defaults); answers whether it changed. */
    async addMissing(empresa: number, product: PageRecord[] = DEFAULT_PAGES): Promise<boolean> {
      const lacking = (stored: PageRecord[]) =>
        product.filter((p) => !stored.some((known) => known.module === p.module))
      const stored = await store.get<PageRecord[]>(registry(empresa))
      if (!stored || lacking(stored.value).length === 0) return false
      await store.update<PageRecord[]>(registry(empresa), (current) =>
        current ? [...current.value, ...lacking(current.value)] : undefined,
      )
      return true
    },
    /** The user's levels that differ from the role's preset, in this company. */
    async overrides(empresa: number, userId: string): Promise<Record<string, AccessLevel>> {
      return (
        (await store.get<Record<string, AccessLevel>>(keys.companyRecord(empresa, 'user-pages', userId)))?.value ?? {}
      )
    },
    async overridesVersioned(empresa: number, userId: string) {
      return store.get<Record<string, AccessLevel>>(keys.companyRecord(empresa, 'user-pages', userId))
    },
    async saveOverrides(
      empresa: number,
      userId: string,
      overrides: Record<string, AccessLevel>,
      options?: WriteOptions,
    ) {
      return store.update<Record<string, AccessLevel>>(
        keys.companyRecord(empresa, 'user-pages', userId),
        () => overrides,
        options,
      )
    },
  }
}
