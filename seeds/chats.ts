import type { ChatRecord } from '../domain/schemas/chat.ts'
import type { Contact } from '../domain/schemas/contacts.ts'
import { hoursAgo, seeded } from './random.ts'

const LINES = [
  ['Hi! Is the technician still coming today?', 'Yes, Diego is on his way, about 30 minutes.'],
  [
    'The air conditioner is making noise again.',
    'Sorry to hear that. I can book a visit tomorrow at 9.',
    'Perfect, thank you.',
  ],
  ['Could you send the quote by e-mail?', 'Sent just now, please check your inbox.'],
  ['We paid the invoice this morning.', 'Received, thanks!'],
]

/** Ten demo chats with the first contacts of the demo company. */
export function seedChats(contacts: Contact[]): ChatRecord[] {
  const rnd = seeded(301)
  return contacts.slice(0, 10).map((contact, i) => {
    const id = rnd.uuid()
    const lines = LINES[i % LINES.length]
    const messages = lines.map((value, j) => ({
      id: rnd.uuid(),
      chatId: id,
      contactId: contact.id,
      isMine: j % 2 === 1,
      value,
      createdAt: hoursAgo(i * 5 + (lines.length - j)),
    }))
    const last = messages[messages.length - 1]
    return {
      id,
      contactId: contact.id,
      unreadCount: i % 3 === 0 ? 2 : 0,
      muted: i === 4,
      lastMessage: last.value,
      lastMessageAt: last.createdAt,
      messages,
    }
  })
}
