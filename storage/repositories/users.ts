import { keys } from '../keys.ts'
import type { Store, Versioned, WriteOptions } from '../store.ts'
import type { UserRecord } from '../../domain/tenancy.ts'

export function usersRepository(store: Store) {
  return {
    async findById(id: string): Promise<Versioned<UserRecord> | null> {
      return store.get<UserRecord>(keys.user(id))
    },
    async findByEmail(email: string): Promise<Versioned<UserRecord> | null> {
      const index = await store.get<string>(keys.userByEmail(email))
      return index ? store.get<UserRecord>(keys.user(index.value)) : null
    },
    /** Creates the user; false when the e-mail is taken (the e-mail index is claimed atomically). */
    async create(user: UserRecord): Promise<boolean> {
      if (!(await store.create(keys.userByEmail(user.email), user.id))) return false
      await store.put(keys.user(user.id), user)
      return true
    },
    update(id: string, fn: (user: UserRecord) => UserRecord, options?: WriteOptions) {
      return store.update<UserRecord>(keys.user(id), (current) => (current ? fn(current.value) : undefined), options)
    },
  }
}
