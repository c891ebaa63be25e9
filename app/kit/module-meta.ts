import type { MetaDescriptor } from 'react-router'
import { metaTranslator } from '../lib/i18n'
import type { PageInfo } from '../lib/page-info.server'

/**
 * The page title of a module's screen: "<page> · Fieldwise", in the user's language. On its own,
 * so a page that is not a kit screen (the reports, the board) does not load the kit's screens for it.
 */
export function moduleMeta({
  loaderData,
  matches,
}: {
  loaderData?: { page: PageInfo }
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>
}): MetaDescriptor[] {
  const t = metaTranslator(matches)
  return [{ title: loaderData ? `${loaderData.page.title} · ${t.app_name()}` : t.app_name() }]
}
