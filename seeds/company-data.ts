import { keys } from '../storage/keys.ts'
import type { Store } from '../storage/store.ts'
import { seedChats } from './chats.ts'
import { seedActivities, seedDashboards } from './dashboards.ts'
import { seedTasks, seedTaskTags } from './tasks.ts'
import { seedNoteLabels, seedNotes } from './notes.ts'
import { seedMailLabels, seedMails } from './mailbox.ts'
import { seedScrumboard } from './scrumboard.ts'
import { seedFileItems } from './file-manager.ts'
import { seedFaqCategories, seedFaqs, seedGuideCategories, seedGuides } from './help-center.ts'
import { mailsRepository } from '../storage/repositories/mails.ts'
import { seedBrands, seedCategories, seedInventoryTags, seedProducts, seedVendors } from './inventory.ts'
import { productsRepository } from '../storage/repositories/products.ts'
import { seedContacts, seedContactTags } from './contacts.ts'

/** The company whose staff see the demo data (contacts, products, mail ...). */
export const DEMO_COMPANY = 1

/** Loads the demo app data into one company; a collection that has data is left alone. */
export async function seedCompanyData(store: Store, empresa: number) {
  const tagsKey = keys.companyRecord(empresa, 'lists', 'contact-tags')
  const tags = seedContactTags()
  await store.create(tagsKey, tags)
  const contacts = seedContacts(tags)
  await seedCollection(store, empresa, 'contacts', contacts)
  await seedCollection(store, empresa, 'chats', seedChats(contacts))
  for (const [name, items] of Object.entries({ categories: seedCategories(), brands: seedBrands(), vendors: seedVendors(), tags: seedInventoryTags() })) {
    await store.create(keys.companyRecord(empresa, 'lists', `inventory-${name}`), items)
  }
  if ((await store.children(keys.companyRecords(empresa, 'products'))).length === 0) await productsRepository(store, empresa).putMany(seedProducts())
  const taskTags = seedTaskTags()
  await store.create(keys.companyRecord(empresa, 'lists', 'task-tags'), taskTags)
  await store.create(keys.companyRecord(empresa, 'lists', 'tasks'), seedTasks(taskTags, contacts.slice(0, 5).map((c) => c.id)))
  const noteLabels = seedNoteLabels()
  await store.create(keys.companyRecord(empresa, 'lists', 'note-labels'), noteLabels)
  await store.create(keys.companyRecord(empresa, 'lists', 'notes'), seedNotes(noteLabels))
  await store.create(keys.companyRecord(empresa, 'lists', 'mail-labels'), seedMailLabels())
  if ((await store.children(keys.companyRecords(empresa, 'mails'))).length === 0) await mailsRepository(store, empresa).putMany(seedMails())
  for (const [name, items] of Object.entries(seedScrumboard())) await store.create(keys.companyRecord(empresa, 'scrum', name), items)
  const faqCategories = seedFaqCategories()
  const guideCategories = seedGuideCategories()
  const help = { 'faq-categories': faqCategories, faqs: seedFaqs(faqCategories), 'guide-categories': guideCategories, guides: seedGuides(guideCategories) }
  for (const [name, items] of Object.entries(help)) await store.create(keys.companyRecord(empresa, 'help', name), items)
  await store.create(keys.companyRecord(empresa, 'lists', 'file-manager'), seedFileItems())
  for (const [name, data] of Object.entries(seedDashboards())) await store.create(keys.companyRecord(empresa, 'dashboards', name), data)
  await store.create(keys.companyRecord(empresa, 'lists', 'activities'), seedActivities())
}

/** Writes a collection's items only when the collection is empty (a second start keeps edits). */
async function seedCollection<T extends { id: string }>(store: Store, empresa: number, collection: string, items: T[]) {
  if ((await store.children(keys.companyRecords(empresa, collection))).length > 0) return
  for (const item of items) await store.put(keys.companyRecord(empresa, collection, item.id), item)
}
