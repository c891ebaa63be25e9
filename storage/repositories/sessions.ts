import { keys } from '../keys.ts'
import type { Store } from '../store.ts'

export type SessionRecord = { id: string; userId: string; epoch: number; createdAt: string; expiresAt: string }

export function sessionsRepository(store: Store) {
  return {
    async find(id: string): Promise<SessionRecord | null> {
      return (await store.get<SessionRecord>(keys.session(id)))?.value ?? null
    },
    async save(session: SessionRecord): Promise<void> {
      await store.put(keys.session(session.id), session)
    },
    async revoke(id: string): Promise<void> {
      await store.remove(keys.session(id))
    },
  }
}
