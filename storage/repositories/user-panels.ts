import type { Message, Shortcut } from '../../domain/schemas/common-panels.ts'
import { keys } from '../keys.ts'
import { listRecord } from './list-record.ts'
import type { Store } from '../store.ts'

/** A user's messages, notifications and shortcuts (the demo users get theirs from the seeds). */
export function userPanelsRepository(store: Store, userId: string) {
  return {
    messages: listRecord<Message>(store, keys.userData(userId, 'messages')),
    notifications: listRecord<Message>(store, keys.userData(userId, 'notifications')),
    shortcuts: listRecord<Shortcut>(store, keys.userData(userId, 'shortcuts')),
  }
}
