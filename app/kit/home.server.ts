import { z } from 'zod'
import { atLeast } from '../../domain/access.ts'
import { derivedSchema } from '../../domain/schemas/common.ts'
import { requestLocale } from '../lib/cookies.server'
import { loadFrame } from '../lib/frame.server'
import { translator } from '../lib/i18n'
import { factFormat } from './fact-format'
import { recordHref, type CardItem, type FeatureModule, type HomeCard, type ListAnswer, type TextKey } from './module'
import { readAnswer } from '../lib/answer.server'

type Args = Parameters<typeof readAnswer>[0]

// A card's rows are checked with the fields it shows (its `row`), not parsed in full; a setup step needs only the count
// (and the branch step a field of two rows).
const listOf = derivedSchema(<T extends z.ZodType>(row: T) =>
  z.object({ items: z.array(row), pagination: z.object({ length: z.number() }) }),
)
const anyList = listOf(z.record(z.string(), z.unknown()))

const cardLists = new WeakMap<HomeCard, z.ZodType<ListAnswer>>()
/** A card's list: its rows as the card shows them, with the record's id whatever the card shows (each line links to its record); made once per card. */
function cardList(def: FeatureModule, card: HomeCard) {
  let list = cardLists.get(card)
  if (!list) {
    const row = z.intersection(card.row, z.object({ [def.idKey]: z.union([z.string(), z.number()]) }))
    cardLists.set(card, (list = listOf(row)))
  }
  return list
}

/** A list the user may not read (403) is left out; any other failure is the page's (sign-in, error page). */
const unlessForbidden = (error: unknown) => {
  if ((error as { init?: { status?: number } } | null)?.init?.status === 403) return null
  throw error
}

/** A home card as the page shows it: its title and lines already worded in the user's language, each linking to its record. */
export type HomeCardData = {
  id: string
  module: string
  title: string
  empty: string
  more: string
  total: number
  items: Array<CardItem & { href: string }>
}

/** One step of the setup checklist (worded in the user's language), and whether the company has done it. */
export type SetupStepData = { module: string; label: string; href: string; done: boolean; level: 'edit' | 'delete' }

const CARD_ROWS = 5

/**
 * The branches ('company:branch', as the frame's call resolved them) whose setup was seen complete by
 * someone who could see every step: a company is new only once, so a set-up branch's home does
 * not count its steps again (this process's memory; another process counts once).
 */
const setUp = new Set<string>()

/**
 * The signed-in home's cards, each module adding its own: every card's list at once, then the
 * setup steps' counts unless the branch is known to be set up. A list the user may not read (403)
 * leaves its card or step out, so a role sees what its page access gives it.
 */
export async function loadHomeCards(
  args: Args,
  features: FeatureModule[],
): Promise<{ cards: HomeCardData[]; setup: SetupStepData[] }> {
  const locale = requestLocale(args.request)
  const t = translator(locale)
  const text = (key: TextKey) => (t[key] as () => string)()
  const read = (def: FeatureModule, query: string, list: z.ZodType<ListAnswer>) =>
    readAnswer(args, `${def.api}?${query}`, list).then((answer): ListAnswer | null => answer.data, unlessForbidden)
  const frame = loadFrame(args)
  const [current, cards] = await Promise.all([
    // the branch the frame works in (the layout's own call); none to work in: nothing is remembered
    frame.then(({ frame }) => frame?.current ?? null),
    Promise.all(
      features.flatMap((def) =>
        (def.homeCards ?? []).map(async (card): Promise<HomeCardData | null> => {
          if (card.needs) {
            const { page, level } = card.needs
            const pages = (await frame).frame?.pages ?? []
            if (!atLeast(pages.find((p) => p.module === page)?.level ?? 'none', level)) return null
          }
          const list = await read(def, `${card.query}&size=${CARD_ROWS}`, cardList(def, card))
          if (!list) return null
          const timeZone = (await frame).frame?.timeZone ?? 'UTC'
          const items = list.items.map((row) => ({
            ...card.item(row, factFormat(t, locale, row.currency, timeZone)),
            href: recordHref(def, String(row[def.idKey])),
          }))
          return {
            id: card.id,
            module: def.module,
            title: text(card.title),
            empty: text(card.empty),
            more: `/view/${def.module}?${card.query}`,
            total: list.pagination.length,
            items,
          }
        }),
      ),
    ),
  ])
  const tenant = current ? `${current.COD_EMPRESA}:${current.COD_FILIAL}` : null
  const empresa = current?.COD_EMPRESA ?? 0
  const withSteps = features.filter((def) => def.setupStep)
  if (tenant && setUp.has(tenant)) return { cards: cards.filter((c) => c !== null), setup: [] }
  const steps = await Promise.all(
    withSteps.map(async (def): Promise<SetupStepData | null> => {
      const step = def.setupStep!
      const list = await read(def, step.query ?? 'size=1&all=1', anyList)
      return (
        list && {
          module: def.module,
          label: text(step.label),
          href: typeof step.href === 'string' ? step.href : step.href(empresa),
          done: step.done(list, empresa),
          level: def.createLevel ?? 'edit',
        }
      )
    }),
  )
  const setup = steps.filter((s) => s !== null)
  if (tenant && setup.length === withSteps.length && setup.every((s) => s.done)) setUp.add(tenant)
  return { cards: cards.filter((c) => c !== null), setup }
}
