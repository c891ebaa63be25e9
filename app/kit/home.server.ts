import { z } from 'zod'
import { requestLocale } from '../lib/cookies.server'
import { translator } from '../lib/i18n'
import { factFormat } from './fact-format'
import type { CardItem, FeatureModule, ListAnswer, TextKey } from './module'
import { readAnswer } from './screens.server'

type Args = Parameters<typeof readAnswer>[0]

// A card's rows are checked with the fields it shows (its `row`), not parsed in full; a setup step needs only the count
// (and the branch step a field of two rows).
const listOf = <T extends z.ZodType>(row: T) => z.object({ items: z.array(row), pagination: z.object({ length: z.number() }) })
const anyList = listOf(z.record(z.string(), z.unknown()))

/** A list the user may not read (403) is left out; any other failure is the page's (sign-in, error page). */
const unlessForbidden = (error: unknown) => {
  if ((error as { init?: { status?: number } } | null)?.init?.status === 403) return null
  throw error
}

/** A home card as the page shows it: its items already worded in the user's language. */
export type HomeCardData = { id: string; module: string; title: TextKey; empty: TextKey; more: string; total: number; items: CardItem[] }

/** One step of the setup checklist, and whether the company has done it. */
export type SetupStepData = { module: string; label: TextKey; href: string; done: boolean; level: 'edit' | 'delete' }

/**
 * The signed-in home's cards, each module adding its own: every card's list and every setup
 * step's count, at once. A list the user may not read (403) leaves its card or step out, so a
 * role sees what its page access gives it.
 */
export async function loadHomeCards(args: Args, features: FeatureModule[]): Promise<{ cards: HomeCardData[]; setup: SetupStepData[] }> {
  const locale = requestLocale(args.request)
  const t = translator(locale)
  const read = (def: FeatureModule, query: string, list: z.ZodType<ListAnswer>) => readAnswer(args, `${def.api}?${query}`, list).then((answer): ListAnswer | null => answer.data, unlessForbidden)
  const [cards, setup] = await Promise.all([
    Promise.all(
      features.flatMap((def) =>
        (def.homeCards ?? []).map(async (card): Promise<HomeCardData | null> => {
          const list = await read(def, card.query, listOf(card.row))
          if (!list) return null
          const items = list.items.map((row) => card.item(row, factFormat(t, locale, row.currency)))
          return { id: card.id, module: def.module, title: card.title, empty: card.empty, more: card.more, total: list.pagination.length, items }
        }),
      ),
    ),
    Promise.all(
      features.map(async (def): Promise<SetupStepData | null> => {
        const step = def.setupStep
        if (!step) return null
        const list = await read(def, step.query ?? 'size=1&all=1', anyList)
        return list && { module: def.module, label: step.label, href: step.href, done: step.done(list), level: def.createLevel ?? 'edit' }
      }),
    ),
  ])
  return { cards: cards.filter((c) => c !== null), setup: setup.filter((s) => s !== null) }
}
