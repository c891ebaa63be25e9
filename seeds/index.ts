import type { Logger } from '../bff/lib/deps.ts'
import { hashPassword } from '../bff/lib/passwords.ts'
import { keys } from '../storage/keys.ts'
import { createRepositories } from '../storage/repositories/index.ts'
import type { Store } from '../storage/store.ts'
import { branches, companies, DEMO_TIME_ZONE, users } from './tenancy.ts'
import { DEMO_COMPANY, seedCompanyData } from './company-data.ts'
import { seedMessages, seedNotifications, seedShortcuts } from './common.ts'

/** Bump when the demo data changes shape, so existing data dirs get the new records. */
const SEED_VERSION = 9

/**
 * Loads the demo data once. The marker is written last, so a start that dies half-way
 * seeds again on the next start; records already there are left as they are.
 */
export async function seedDemoData(
  store: Store,
  log: Logger,
  passwordIterations?: number,
  timeZone = DEMO_TIME_ZONE,
): Promise<boolean> {
  const marker = keys.system('seed')
  const done = await store.get<{ version: number }>(marker)
  if (done && done.value.version >= SEED_VERSION) return false
  const repos = createRepositories(store)
  // the demo company and its branches in the zone asked for
  const zoned = <T extends { COD_EMPRESA: number; TIME_ZONE: string }>(x: T): T =>
    x.COD_EMPRESA === DEMO_COMPANY ? { ...x, TIME_ZONE: timeZone } : x
  for (const company of companies)
    if (!(await repos.companies.find(company.COD_EMPRESA))) await repos.companies.save(zoned(company))
  for (const b of branches)
    if (!(await repos.companies.findBranch(b.COD_EMPRESA, b.COD_FILIAL))) await repos.companies.saveBranch(zoned(b))
  const cultureOf = (empresa: number) => companies.find((c) => c.COD_EMPRESA === empresa)?.CULTURE ?? 'en'
  for (const u of users) {
    // the demo panels: written where the user has none yet, as keys read in the reader's language
    const panels = repos.panels(u.id)
    await Promise.all([
      panels.messages.createOnce(seedMessages()),
      panels.notifications.createOnce(seedNotifications()),
      panels.shortcuts.createOnce(seedShortcuts()),
    ])
    if (await repos.users.findByEmail(u.email)) continue
    await repos.users.create({
      id: u.id,
      name: u.name,
      email: u.email,
      avatar: null,
      status: 'online',
      culture: u.culture,
      active: true,
      password: u.password === null ? null : await hashPassword(u.password, passwordIterations),
      grants: u.grants,
      current: null,
      sessionEpoch: 0,
      createdAt: '2026-01-05T12:00:00.000Z',
    })
  }
  await seedCompanyData(store, DEMO_COMPANY, cultureOf(DEMO_COMPANY), timeZone)
  await store.put(marker, { version: SEED_VERSION })
  log.info(`Demo data loaded (${companies.length} companies, ${branches.length} branches, ${users.length} users)`)
  return true
}
