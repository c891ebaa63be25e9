import type { Message, Shortcut } from '../schemas/common-panels.ts'
import { keys } from '../../storage/keys.ts'
import { listRecord } from '../../storage/repositories/list-record.ts'
import type { Store } from '../../storage/store.ts'
import { seedMessages, seedNotifications, seedShortcuts } from '../../seeds/common.ts'

// The demo lists are made once (they are the same for everyone) and shared read-only.
const DEMO = { messages: Object.freeze(seedMessages()), notifications: Object.freeze(seedNotifications()), shortcuts: Object.freeze(seedShortcuts()) }

/** A user's messages, notifications and shortcuts; a user starts with the demo ones. */
export function userPanels(store: Store, userId: string) {
  return {
    messages: listRecord<Message>(store, keys.userData(userId, 'messages'), () => DEMO.messages as Message[]),
    notifications: listRecord<Message>(store, keys.userData(userId, 'notifications'), () => DEMO.notifications as Message[]),
    shortcuts: listRecord<Shortcut>(store, keys.userData(userId, 'shortcuts'), () => DEMO.shortcuts as Shortcut[]),
  }
}
