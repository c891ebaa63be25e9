import { keys } from '../keys.ts'
import type { Store } from '../store.ts'
import { filesRepository } from './files.ts'
import { listRecord } from './list-record.ts'
import { mailsRepository } from './mails.ts'
import { productsRepository } from './products.ts'
import { companyRecords } from './records.ts'

/** The small lists of the demo apps, each one record (docs/demo-apis.md §7). */
export type AppList =
  | 'tasks'
  | 'task-tags'
  | 'notes'
  | 'note-labels'
  | 'mail-labels'
  | 'contact-tags'
  | 'inventory-categories'
  | 'inventory-brands'
  | 'inventory-vendors'
  | 'inventory-tags'
  | 'file-manager'
  | 'activities'
export type ScrumList = 'boards' | 'lists' | 'cards' | 'labels' | 'members'
/** A single value of a company: settings, a dashboard's data, a help-center list. */
export type AppValue =
  ['settings', 'mailbox'] | ['dashboards', string] | ['help', 'faq-categories' | 'faqs' | 'guide-categories' | 'guides']

/**
 * One company's data of the demo apps (contacts, chats, tasks, notes, mailbox, inventory, scrum
 * board, files, help center, dashboards): every key and collection name is here, so the API and
 * the seeds reach them by name and never build a key.
 */
export function appData(store: Store, empresa: number) {
  return {
    list: <T extends { id: string }>(name: AppList) => listRecord<T>(store, keys.companyRecord(empresa, 'lists', name)),
    scrum: <T extends { id: string }>(name: ScrumList) =>
      listRecord<T>(store, keys.companyRecord(empresa, 'scrum', name)),
    records: <T extends { id: string }>(collection: 'contacts' | 'chats') =>
      companyRecords<T>(store, empresa, collection),
    value<T>([group, name]: AppValue) {
      const key = keys.companyRecord(empresa, group, name)
      return {
        get: async (): Promise<T | null> => (await store.get<T>(key))?.value ?? null,
        update: (fn: (current: T | null) => T) => store.update<T>(key, (cur) => fn(cur?.value ?? null)),
        /** Writes it only when there is none yet (seeds). */
        create: (value: T) => store.create(key, value),
      }
    },
    mails: () => mailsRepository(store, empresa),
    products: () => productsRepository(store, empresa),
    files: () => filesRepository(store, empresa),
  }
}
