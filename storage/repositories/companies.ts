import { keys } from '../keys.ts'
import type { Store, Versioned, WriteOptions } from '../store.ts'
import type { BranchRecord, CompanyRecord } from '../../domain/tenancy.ts'

const byNumber =
  <T>(field: keyof T) =>
  (a: T, b: T) =>
    Number(a[field]) - Number(b[field])

/** Companies and their branches; the number series of both. */
export function companiesRepository(store: Store) {
  const repo = {
    async find(empresa: number): Promise<CompanyRecord | null> {
      return (await store.get<CompanyRecord>(keys.company(empresa)))?.value ?? null
    },
    get: (empresa: number) => store.get<CompanyRecord>(keys.company(empresa)),
    async list(): Promise<CompanyRecord[]> {
      const ids = await store.children(keys.companies())
      const rows = await store.getMany<CompanyRecord>(ids.map((id) => keys.company(Number(id))))
      return rows.flatMap((r) => (r ? [r.value] : [])).sort(byNumber('COD_EMPRESA'))
    },
    async save(company: CompanyRecord): Promise<Versioned<CompanyRecord>> {
      return store.put(keys.company(company.COD_EMPRESA), company)
    },
    update: (empresa: number, fn: (company: CompanyRecord) => CompanyRecord, options?: WriteOptions) =>
      store.update<CompanyRecord>(keys.company(empresa), (cur) => (cur ? fn(cur.value) : undefined), options),
    /** The next company number (never reused). */
    async nextNumber(): Promise<number> {
      const next = await store.update<number>(
        keys.system('company-counter'),
        async (cur) => (cur?.value ?? Math.max(0, ...(await repo.list()).map((x) => x.COD_EMPRESA))) + 1,
      )
      return next!.value
    },
    async findBranch(empresa: number, filial: number): Promise<BranchRecord | null> {
      return (await store.get<BranchRecord>(keys.branch(empresa, filial)))?.value ?? null
    },
    getBranch: (empresa: number, filial: number) => store.get<BranchRecord>(keys.branch(empresa, filial)),
    async branches(empresa: number): Promise<BranchRecord[]> {
      const ids = await store.children(keys.branches(empresa))
      const rows = await store.getMany<BranchRecord>(ids.map((id) => keys.branch(empresa, Number(id))))
      return rows.flatMap((r) => (r ? [r.value] : [])).sort(byNumber('COD_FILIAL'))
    },
    async saveBranch(branch: BranchRecord): Promise<Versioned<BranchRecord>> {
      return store.put(keys.branch(branch.COD_EMPRESA, branch.COD_FILIAL), branch)
    },
    updateBranch: (
      empresa: number,
      filial: number,
      fn: (branch: BranchRecord) => BranchRecord,
      options?: WriteOptions,
    ) => store.update<BranchRecord>(keys.branch(empresa, filial), (cur) => (cur ? fn(cur.value) : undefined), options),
    /** Branch numbers are unique across companies (the switcher's values): the next free one. */
    async nextBranchNumber(): Promise<number> {
      const next = await store.update<number>(keys.system('branch-counter'), async (cur) => {
        if (cur) return cur.value + 1
        const all = await Promise.all((await repo.list()).map((c) => repo.branches(c.COD_EMPRESA)))
        return Math.max(0, ...all.flat().map((b) => b.COD_FILIAL)) + 1
      })
      return next!.value
    },
  }
  return repo
}
