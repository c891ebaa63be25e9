import { DEFAULT_PAGES } from '../domain/modules/index.ts'
import { textOfWords, type StoredMessage, type StoredShortcut } from '../domain/panel-texts.ts'
import { keys } from './keys.ts'
import { pageAccessRepository } from './repositories/page-access.ts'
import { userPanelsRepository } from './repositories/user-panels.ts'
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

/**
 * The panels' texts the system wrote (the demo's messages, notifications and shortcuts, the notices)
 * were stored as strings in one language before they were stored as keys (domain/panel-texts.ts):
 * those whose words are exactly a key's, in any language, become that key and its values, so they
 * read in the reader's language too. What a person typed, or changed, matches no key and stays.
 */
const panelsReadInTheReadersLanguage: Migration = {
  name: 'panel-texts',
  version: '1',
  async run(store) {
    const message = (m: StoredMessage): [string, string] | null =>
      m.title === undefined ? null : [m.title, m.description ?? '']
    const shortcut = (s: StoredShortcut): [string, string] | null =>
      s.label === undefined ? null : [s.label, s.description ?? '']
    let changed = 0
    for (const userId of await store.children(keys.users())) {
      const panels = userPanelsRepository(store, userId)
      changed += await keyed(panels.messages, message, ['demo_message_'])
      changed += await keyed(panels.notifications, message, ['demo_notice_', 'notice_'])
      changed += await keyed(panels.shortcuts, shortcut, ['demo_shortcut_'])
    }
    return changed
  },
}

/** The items of one panel whose words are a key's, stored as the key; how many (nothing written when none). */
async function keyed<T extends StoredMessage | StoredShortcut>(
  list: { all: () => Promise<T[]>; replace: (fn: (items: T[]) => T[]) => Promise<T[]> },
  words: (item: T) => [string, string] | null,
  prefixes: readonly string[],
): Promise<number> {
  const textOf = (item: T) => {
    const found = item.text ? null : words(item)
    return found && textOfWords(found[0], found[1], prefixes)
  }
  if (!(await list.all()).some(textOf)) return 0
  let changed = 0
  await list.replace((items) => {
    changed = 0
    return items.map((item) => {
      const text = textOf(item)
      if (!text) return item
      changed++
      const { title: _t, label: _l, description: _d, ...rest } = item as StoredMessage & StoredShortcut
      return { ...rest, text } as T
    })
  })
  return changed
}

export const MIGRATIONS: Migration[] = [pagesFollowTheProduct, panelsReadInTheReadersLanguage]

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
