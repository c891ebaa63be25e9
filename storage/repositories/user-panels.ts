import type { StoredMessage, StoredShortcut } from '../../domain/panel-texts.ts'
import { keys } from '../keys.ts'
import { listRecord } from './list-record.ts'
import type { Store } from '../store.ts'

/**
 * A user's messages, notifications and shortcuts (the demo users get theirs from the seeds). What the
 * system wrote is stored as a key and values, read in the reader's language (domain/panel-texts.ts).
 */
export function userPanelsRepository(store: Store, userId: string) {
  return {
    messages: listRecord<StoredMessage>(store, keys.userData(userId, 'messages')),
    notifications: listRecord<StoredMessage>(store, keys.userData(userId, 'notifications')),
    shortcuts: listRecord<StoredShortcut>(store, keys.userData(userId, 'shortcuts')),
  }
}
