import { keys } from '../keys.ts'
import type { Store } from '../store.ts'
import type { BranchRecord, CompanyRecord } from '../../domain/tenancy.ts'

const byNumber = <T>(field: keyof T) => (a: T, b: T) => Number(a[field]) - Number(b[field])

export function companiesRepository(store: Store) {
  return {
    async find(empresa: number): Promise<CompanyRecord | null> {
      return (await store.get<CompanyRecord>(keys.company(empresa)))?.value ?? null
    },
    async list(): Promise<CompanyRecord[]> {
      const ids = await store.children(keys.companies())
      const rows = await store.getMany<CompanyRecord>(ids.map((id) => keys.company(Number(id))))
      return rows.flatMap((r) => (r ? [r.value] : [])).sort(byNumber('COD_EMPRESA'))
    },
    async save(company: CompanyRecord): Promise<void> {
      await store.put(keys.company(company.COD_EMPRESA), company)
    },
    async findBranch(empresa: number, filial: number): Promise<BranchRecord | null> {
      return (await store.get<BranchRecord>(keys.branch(empresa, filial)))?.value ?? null
    },
    async branches(empresa: number): Promise<BranchRecord[]> {
      const ids = await store.children(keys.branches(empresa))
      const rows = await store.getMany<BranchRecord>(ids.map((id) => keys.branch(empresa, Number(id))))
      return rows.flatMap((r) => (r ? [r.value] : [])).sort(byNumber('COD_FILIAL'))
    },
    async saveBranch(branch: BranchRecord): Promise<void> {
      await store.put(keys.branch(branch.COD_EMPRESA, branch.COD_FILIAL), branch)
    },
  }
}
