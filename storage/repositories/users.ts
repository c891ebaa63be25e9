import { keys } from '../keys.ts'
import type { Store, Versioned, WriteOptions } from '../store.ts'
import type { UserRecord } from '../../domain/tenancy.ts'

/** Bump when the company index of users must be built again from the users themselves. */
const MEMBERS_INDEX_VERSION = 1

export function usersRepository(store: Store) {
  const memberKey = (empresa: number, userId: string) => keys.companyRecord(empresa, 'members', userId)
  /** Index the user under every company they hold a grant in (kept when a grant is disabled: the list shows them inactive). */
  const indexMember = async (user: UserRecord, before: UserRecord | null = null) => {
    const known = new Set(before?.grants.map((g) => g.empresa))
    for (const empresa of new Set(user.grants.map((g) => g.empresa)))
      if (!known.has(empresa)) await store.create(memberKey(empresa, user.id), true)
  }
  /** Data written before the index existed: index every user once (at start, never inside a request). */
  const ensureIndex = async () => {
    const marker = keys.system('members-index')
    if (((await store.get<number>(marker))?.value ?? 0) >= MEMBERS_INDEX_VERSION) return
    const ids = await store.children(keys.users())
    for (const found of await store.getMany<UserRecord>(ids.map((id) => keys.user(id))))
      if (found) await indexMember(found.value)
    await store.put(marker, MEMBERS_INDEX_VERSION)
  }
  return {
    ensureIndex,
    async findById(id: string): Promise<Versioned<UserRecord> | null> {
      return store.get<UserRecord>(keys.user(id))
    },
    async findByEmail(email: string): Promise<Versioned<UserRecord> | null> {
      const index = await store.get<string>(keys.userByEmail(email))
      return index ? store.get<UserRecord>(keys.user(index.value)) : null
    },
    /** The id of the account that holds an e-mail (claimed first when an account is made), or null. */
    async idOfEmail(email: string): Promise<string | null> {
      return (await store.get<string>(keys.userByEmail(email)))?.value ?? null
    },
    /** The users with a grant (active or not) in a company, from the company's index: never a read of every user. */
    async members(empresa: number): Promise<Array<Versioned<UserRecord>>> {
      const ids = await store.children(keys.companyRecords(empresa, 'members'))
      const found = await store.getMany<UserRecord>(ids.map((id) => keys.user(id)))
      return found.flatMap((r) => (r && r.value.grants.some((g) => g.empresa === empresa) ? [r] : []))
    },
    /** Creates the user; false when the e-mail is taken (the e-mail index is claimed atomically). */
    async create(user: UserRecord): Promise<boolean> {
      if (!(await store.create(keys.userByEmail(user.email), user.id))) return false
      await store.put(keys.user(user.id), user)
      await indexMember(user)
      return true
    },
    async update(id: string, fn: (user: UserRecord) => UserRecord, options?: WriteOptions) {
      let before: UserRecord | null = null
      const saved = await store.update<UserRecord>(
        keys.user(id),
        (current) => {
          before = current?.value ?? null
          return current ? fn(current.value) : undefined
        },
        options,
      )
      if (saved && before && saved.value.grants !== (before as UserRecord).grants)
        await indexMember(saved.value, before)
      return saved
    },
  }
}
