import type { Mail } from '../../domain/schemas/mailbox.ts'
import type { Store } from '../store.ts'
import { indexedRecords } from './indexed-records.ts'

export type MailRow = Pick<Mail, 'id' | 'folder' | 'labels' | 'starred' | 'important' | 'unread' | 'date'>

const mailRow = (m: Mail): MailRow => ({
  id: m.id,
  folder: m.folder,
  labels: m.labels,
  starred: m.starred,
  important: m.important,
  unread: m.unread,
  date: m.date,
})

export const mailsRepository = (store: Store, empresa: number) =>
  indexedRecords<Mail, MailRow>(store, empresa, 'mails', mailRow)
