import type { Message, Shortcut } from '../schemas/common-panels.ts'
import { keys } from '../../storage/keys.ts'
import { listRecord } from '../../storage/repositories/list-record.ts'
import type { Store } from '../../storage/store.ts'
import { seedMessages, seedNotifications, seedShortcuts } from '../../seeds/common.ts'

/** A user's messages, notifications and shortcuts; a user starts with the demo ones. */
export function userPanels(store: Store, userId: string) {
  return {
    messages: listRecord<Message>(store, keys.userData(userId, 'messages'), () => seedMessages()),
    notifications: listRecord<Message>(store, keys.userData(userId, 'notifications'), () => seedNotifications()),
    shortcuts: listRecord<Shortcut>(store, keys.userData(userId, 'shortcuts'), () => seedShortcuts()),
  }
}
