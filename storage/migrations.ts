import { DEFAULT_PAGES } from '../domain/modules/index.ts'
import { keys } from './keys.ts'
import { pageAccessRepository } from './repositories/page-access.ts'
import type { Store } from './store.ts'

/**
 * A step that brings what is stored up to this version of the product. `version` names what the
 * step brings (the product's list of pages ...): the step runs on start whenever the version stored
 * under its name differs, then stores it, so data written by an older version catches up once. A
 * start that dies half-way runs the step again: every step leaves alone what is already up to date.
 */
export type Migration = { name: string; version: string; run: (store: Store) => Promise<number> }

/**
 * A company's page registry is stored once its admin edits it (renames, reorders, hides a page);
 * until then it is the product's. A stored registry gains the pages of modules added since, as
 * the product declares them, so a new module reaches companies that edited theirs; what the
 * company changed stays. Users' levels on the new pages are their role's presets (only the levels
 * a user was given by hand are stored).
 */
const pagesFollowTheProduct: Migration = {
  name: 'page-registry',
  version: DEFAULT_PAGES.map((p) => p.module).join(','),
  async run(store) {
    const pages = pageAccessRepository(store)
    let changed = 0
    for (const empresa of await store.children(keys.companies())) if (await pages.addMissing(Number(empresa))) changed++
    return changed
  },
}

export const MIGRATIONS: Migration[] = [pagesFollowTheProduct]

/** Runs the steps whose stored version differs from the product's; answers what each changed. */
export async function migrate(
  store: Store,
  steps: Migration[] = MIGRATIONS,
): Promise<Array<{ name: string; changed: number }>> {
  const marker = keys.system('migrations')
  const done = (await store.get<Record<string, string>>(marker))?.value ?? {}
  const ran: Array<{ name: string; changed: number }> = []
  for (const step of steps) {
    if (done[step.name] === step.version) continue
    ran.push({ name: step.name, changed: await step.run(store) })
    await store.update<Record<string, string>>(marker, (current) => ({ ...current?.value, [step.name]: step.version }))
  }
  return ran
}
