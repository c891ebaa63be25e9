import { z } from 'zod'
import { COOKIE, readCookies, requestLocale } from '../lib/cookies.server'
import { translator } from '../lib/i18n'
import { factFormat } from './fact-format'
import type { CardItem, FeatureModule, TextKey } from './module'
import { readAnswer } from './screens.server'

type Args = Parameters<typeof readAnswer>[0]

// A card reads a few fields of its rows (its `item` says which): the list's shape is checked, each row is not parsed in full.
const cardList = z.object({ items: z.array(z.record(z.string(), z.unknown())), pagination: z.object({ length: z.number() }) })

/** A home card as the page shows it: its items already worded in the user's language. */
export type HomeCardData = { id: string; module: string; title: TextKey; empty: TextKey; more: string; total: number; items: CardItem[] }

/** One step of the setup checklist, and whether the company has done it. */
export type SetupStepData = { module: string; label: TextKey; href: string; done: boolean; level: 'edit' | 'delete' }

/**
 * The companies whose setup checklist was seen complete: a company is new only once, so its
 * steps are not counted again on every home (this process's memory; another process counts once).
 */
const setUp = new Set<string>()

/**
 * The signed-in home's cards, each module adding its own: every card's list and every setup
 * step's count, at once. A list the user may not read (403) leaves its card or step out, so a
 * role sees what its page access gives it.
 */
export async function loadHomeCards(args: Args, features: FeatureModule[]): Promise<{ cards: HomeCardData[]; setup: SetupStepData[] }> {
  const locale = requestLocale(args.request)
  const t = translator(locale)
  const company = readCookies(args.request)[COOKIE.empresa] ?? ''
  const read = (def: FeatureModule, query: string) => readAnswer(args, `${def.api}?${query}`, cardList).then((answer) => answer.data, () => null)
  const [cards, setup] = await Promise.all([
    Promise.all(
      features.flatMap((def) =>
        (def.homeCards ?? []).map(async (card): Promise<HomeCardData | null> => {
          const list = await read(def, card.query)
          if (!list) return null
          const items = list.items.map((row) => card.item(row, factFormat(t, locale, row.currency)))
          return { id: card.id, module: def.module, title: card.title, empty: card.empty, more: card.more, total: list.pagination.length, items }
        }),
      ),
    ),
    Promise.all(
      (setUp.has(company) ? [] : features).map(async (def): Promise<SetupStepData | null> => {
        const step = def.setupStep
        if (!step) return null
        const list = await read(def, step.query ?? 'size=1&all=1')
        return list && { module: def.module, label: step.label, href: step.href, done: step.done(list), level: def.createLevel ?? 'edit' }
      }),
    ),
  ])
  const steps = setup.filter((s) => s !== null)
  // every step done, for a user who could see them all: the company is set up
  if (steps.length === features.filter((def) => def.setupStep).length && steps.every((s) => s.done)) setUp.add(company)
  return { cards: cards.filter((c) => c !== null), setup: steps }
}
