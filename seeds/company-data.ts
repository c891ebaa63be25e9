import { seriesName } from '../domain/document-numbers.ts'
import { ORDERS } from '../domain/schemas/orders.ts'
import { seedOrders } from './orders.ts'
import { seedInvoices } from './invoices.ts'
import { seedAccounts } from './accounts.ts'
import { seedPayables } from './payables.ts'
import { PAYABLES } from '../domain/schemas/payables.ts'
import { ACCOUNTS, defaultAccountFor } from '../domain/schemas/accounts.ts'
import { INVOICES } from '../domain/schemas/invoices.ts'
import type { Culture } from '../domain/cultures.ts'
import { appData, type ScrumList } from '../storage/repositories/app-data.ts'
import type { Store } from '../storage/store.ts'
import { seedChats } from './chats.ts'
import { seedActivities, seedDashboards } from './dashboards.ts'
import { seedTasks, seedTaskTags } from './tasks.ts'
import { seedNoteLabels, seedNotes } from './notes.ts'
import { seedMailLabels, seedMails } from './mailbox.ts'
import { seedScrumboard } from './scrumboard.ts'
import { seedFileItems } from './file-manager.ts'
import { seedFaqCategories, seedFaqs, seedGuideCategories, seedGuides } from './help-center.ts'
import { seedBrands, seedCategories, seedInventoryTags, seedProducts, seedVendors } from './inventory.ts'
import { seedContacts, seedContactTags } from './contacts.ts'
import { SEED_QUOTE_BRANCH, seedClients, seedJobs, seedQuotes } from './field-service.ts'
import { QUOTES } from '../domain/schemas/quotes.ts'
import { keys } from '../storage/keys.ts'
import { indexedRecords } from '../storage/repositories/indexed-records.ts'
import { CLIENTS } from '../domain/schemas/clients.ts'
import { JOBS } from '../domain/schemas/jobs.ts'
import { EQUIPMENT } from '../domain/schemas/equipment.ts'
import { seedEquipment } from './equipment.ts'
import { APPOINTMENTS, TECH_ORDERS, type TechOrderRecord } from '../domain/schemas/appointments.ts'
import { bookingsRepository } from '../storage/repositories/bookings.ts'
import { seedAppointments } from './appointments.ts'
import { demoPhoto, demoSignature } from './images.ts'
import { filesRepository } from '../storage/repositories/files.ts'
import { sha256Hex, uuidFromHex } from '../bff/lib/base64.ts'
import { DEMO_TIME_ZONE, users } from './tenancy.ts'

/** The company whose staff see the demo data (contacts, products, mail ...). */
export const DEMO_COMPANY = 1

/** Loads the demo app data into one company; a collection that has data is left alone. */
export async function seedCompanyData(
  store: Store,
  empresa: number,
  culture: Culture = 'en',
  timeZone = DEMO_TIME_ZONE,
) {
  const data = appData(store, empresa)
  const tags = seedContactTags()
  await data.list('contact-tags').createOnce(tags)
  const contacts = seedContacts(tags)
  await data.records('contacts').fillIfEmpty(contacts)
  await data.records('chats').fillIfEmpty(seedChats(contacts))
  const inventory = {
    'inventory-categories': seedCategories(),
    'inventory-brands': seedBrands(),
    'inventory-vendors': seedVendors(),
    'inventory-tags': seedInventoryTags(),
  } as const
  for (const [name, items] of Object.entries(inventory))
    await data.list(name as keyof typeof inventory).createOnce(items)
  if (await data.products().isEmpty()) await data.products().putMany(seedProducts())
  const taskTags = seedTaskTags()
  await data.list('task-tags').createOnce(taskTags)
  await data.list('tasks').createOnce(
    seedTasks(
      taskTags,
      contacts.slice(0, 5).map((c) => c.id),
      culture,
    ),
  )
  const noteLabels = seedNoteLabels()
  await data.list('note-labels').createOnce(noteLabels)
  await data.list('notes').createOnce(seedNotes(noteLabels))
  await data.list('mail-labels').createOnce(seedMailLabels())
  if (await data.mails().isEmpty()) await data.mails().putMany(seedMails())
  for (const [name, items] of Object.entries(seedScrumboard())) await data.scrum(name as ScrumList).createOnce(items)
  const faqCategories = seedFaqCategories()
  const guideCategories = seedGuideCategories()
  const help = {
    'faq-categories': faqCategories,
    faqs: seedFaqs(faqCategories),
    'guide-categories': guideCategories,
    guides: seedGuides(guideCategories),
  } as const
  for (const [name, items] of Object.entries(help)) await data.value(['help', name as keyof typeof help]).create(items)
  await data.list('file-manager').createOnce(seedFileItems())
  for (const [name, value] of Object.entries(seedDashboards())) await data.value(['dashboards', name]).create(value)
  await data.list('activities').createOnce(seedActivities())
  // the field-service chain (docs/domain.md): clients and the service catalogue
  const [clients, jobs] = [seedClients(), seedJobs()]
  const made = seedOrders(clients, jobs, seedQuotes(clients, jobs))
  // the documents read their dates in the company's zone
  const zoned = <T extends { timeZone: string }>(x: T): T => ({ ...x, timeZone })
  const quotes = made.quotes.map(zoned)
  // the main branch's technicians, who did the visits of the demo's orders
  const technicians = users.flatMap((u) => {
    const grant = u.grants.find((g) => g.empresa === empresa && g.role === 'technician')
    return grant && (grant.filial === 'all' || grant.filial === SEED_QUOTE_BRANCH)
      ? [{ id: u.id, name: u.name, work: grant.work }]
      : []
  })
  // the invoiced orders' invoices, around the day the data is loaded
  const seeded = seedInvoices(made.orders.map(zoned), Date.now(), technicians)
  // the company's accounts; each demo payment landed in the one that takes its method
  const accounts = seedAccounts(new Date(Date.now() - 90 * 86_400_000).toISOString())
  // the business clients' machines, which their orders name
  const { equipment, orders } = seedEquipment(clients, seeded.orders, Date.now(), timeZone)
  const invoices = seeded.invoices.map((i) => ({
    ...i,
    payments: i.payments.map((p) => ({ ...p, accountId: defaultAccountFor(accounts, p.method)?.id ?? null })),
  }))
  // the main branch's bills, some paid from those accounts
  const payables = seedPayables(Date.now(), timeZone, accounts)
  for (const [collection, items] of [
    [CLIENTS, clients],
    [EQUIPMENT, equipment],
    [JOBS, jobs],
    [QUOTES, quotes],
    [ORDERS, orders],
    [INVOICES, invoices],
    [ACCOUNTS, accounts],
    [PAYABLES, payables],
  ] as const) {
    const records = indexedRecords<{ id: string }, unknown>(store, empresa, collection, (x) => x)
    if (await records.isEmpty()) await records.putMany(items)
  }
  // a month of visits around the day the data is loaded, and the technicians' times they take
  const appointmentsStore = indexedRecords<{ id: string }, unknown>(store, empresa, APPOINTMENTS, (x) => x)
  if (await appointmentsStore.isEmpty()) {
    if (technicians.length) {
      const checklists = new Map(jobs.map((j) => [j.id, j.checklist]))
      const phones = new Map(clients.map((c) => [c.id, c.contacts.find((x) => x.kind === 'phone')?.value ?? '']))
      const { appointments, visits, showcase } = await seedAppointments(
        orders,
        technicians,
        Date.now(),
        orders[0].timeZone,
        (order) => [...new Set(order.lines.flatMap((l) => checklists.get(l.jobId) ?? []))],
        (order) => phones.get(order.clientId) ?? '',
      )
      for (const visit of visits.filter((v) => showcase.includes(v.id)))
        Object.assign(visit, await showcaseWork(store, empresa, visit))
      const bookings = bookingsRepository(store, empresa)
      for (const a of appointments)
        for (const tech of a.technicianIds)
          await bookings.claim(
            tech,
            { id: a.id, start: Date.parse(a.start), end: Date.parse(a.end) },
            true,
            async () => new Map(),
          )
      await indexedRecords<{ id: string }, unknown>(store, empresa, TECH_ORDERS, (x) => x).putMany(visits)
      await appointmentsStore.putMany(appointments)
    }
  }
  // the quotes' and orders' series go on after the seeded numbers
  await store.create(keys.series(empresa, seriesName('ORC', SEED_QUOTE_BRANCH, '2026')), {
    last: quotes.length,
    free: [],
  })
  await store.create(keys.series(empresa, seriesName('OS', SEED_QUOTE_BRANCH, '2026')), {
    last: orders.length,
    free: [],
  })
  await store.create(keys.series(empresa, seriesName('FAT', SEED_QUOTE_BRANCH, '2026')), {
    last: invoices.length,
    free: [],
  })
  await store.create(keys.series(empresa, seriesName('CP', SEED_QUOTE_BRANCH, payables[0].number.split('-')[2])), {
    last: payables.length,
    free: [],
  })
}

/** A done demo visit's photos (before and after) and the client's signature, stored as the app stores them. */
async function showcaseWork(store: Store, empresa: number, visit: TechOrderRecord) {
  const files = filesRepository(store, empresa)
  const done = visit.times.done ?? visit.end
  const save = async (id: string, name: string, bytes: Uint8Array) => {
    const meta = await files.save(
      {
        id,
        empresa,
        filial: visit.filial,
        group: visit.id,
        name,
        type: 'image/png',
        size: bytes.length,
        createdAt: done,
        uploadedBy: visit.technicianId,
      },
      bytes,
    )
    return `/api/files/${empresa}/${meta.id}/${encodeURIComponent(meta.name)}`
  }
  const ids = await Promise.all(
    ['before', 'after', 'signature'].map(async (n) => uuidFromHex(await sha256Hex(`${visit.id}\n${n}`))),
  )
  const photos = []
  for (const [i, label] of (['before', 'after'] as const).entries()) {
    const url = await save(ids[i], `${visit.orderNumber}-${label}.png`, await demoPhoto(480, 360, i ? 0 : 60))
    photos.push({ id: ids[i], label, url, thumbnailUrl: url, at: done })
  }
  const signature = await save(ids[2], `${visit.orderNumber}-signature.png`, await demoSignature(480, 160))
  return { photos, signature: { name: visit.clientName, url: signature, at: done } }
}
