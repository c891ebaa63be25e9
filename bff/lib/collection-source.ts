import type { Caller, ResourceSource } from './resource.ts'

/** A record of a company's collection; `filial` on the records of a branch-scoped one (quotes, orders ...). */
type Item = { id: string; filial?: number }

/**
 * The source of a module whose records are a company collection (docs/domain.md: clients, jobs,
 * quotes ...): an in-memory index per company keeps the list from scanning storage. With
 * scope 'branch' a caller sees the records of the branches their grant covers, and the list
 * shows the current branch's (docs/domain.md: "Lists show the current branch's records").
 */
export function collectionSource<Rec extends Item>(
  collection: string,
  scope: 'company' | 'branch' = 'company',
): ResourceSource<Rec, string> {
  const records = (who: Caller) => who.deps.repos.collection<Rec>(who.tenant.empresa, collection)
  const mayRead = (who: Caller, rec: Rec) =>
    scope === 'company' || who.tenant.grant.filial === 'all' || rec.filial === who.tenant.grant.filial
  return {
    async list(who) {
      const all = [...(await records(who).rows()).values()]
      return scope === 'company' ? all : all.filter((r) => r.filial === who.tenant.filial)
    },
    async find(who, id) {
      const hit = await records(who).get(id)
      return hit && mayRead(who, hit.value) ? hit : null
    },
    insert: (who, rec) => records(who).put(rec),
    update: (who, id, change, expectVersion) => records(who).update(id, change, { expectVersion }),
  }
}
