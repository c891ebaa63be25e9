import { keys } from '../storage/keys.ts'
import type { Store } from '../storage/store.ts'
import { seedContacts, seedContactTags } from './contacts.ts'

/** The company whose staff see the demo data (contacts, products, mail ...). */
export const DEMO_COMPANY = 1

/** Loads the demo app data into one company; a collection that has data is left alone. */
export async function seedCompanyData(store: Store, empresa: number) {
  const tagsKey = keys.companyRecord(empresa, 'lists', 'contact-tags')
  const tags = seedContactTags()
  await store.create(tagsKey, tags)
  if ((await store.children(keys.companyRecords(empresa, 'contacts'))).length === 0) {
    for (const contact of seedContacts(tags)) await store.put(keys.companyRecord(empresa, 'contacts', contact.id), contact)
  }
}
