import { arrayOf } from '../../../domain/schemas/common.ts'
import type { Route } from './+types/part-options'
import { partOption } from '../../../domain/schemas/appointments.ts'
import { formatMoney } from '../../../domain/money.ts'
import { readAnswer } from '../../lib/answer.server'
import { requestLocale } from '../../lib/cookies.server'
import type { PickAnswer } from './pick'

/**
 * The visit's part picker (app/kit/picker-input.tsx): the company's active products for what the
 * technician typed, each with its price and stock, from the visits' API (so its access holds).
 */
export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url)
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, 100)
  if (url.searchParams.get('id')) return { options: [] } satisfies PickAnswer
  const locale = requestLocale(args.request)
  const options = await readAnswer(
    args,
    `/cd_techorders/part-options?search=${encodeURIComponent(q)}`,
    arrayOf(partOption),
  )
  return {
    options: options.data.map((p) => ({
      value: p.id,
      label: [p.name, p.sku, formatMoney(p.unitPrice, p.currency, locale), p.stock === null ? '' : `(${p.stock})`]
        .filter(Boolean)
        .join(' · '),
    })),
  } satisfies PickAnswer
}
