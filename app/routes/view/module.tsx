import { Link } from 'react-router'
import type { Route } from './+types/module'
import { pageOf } from '../../lib/pages'
import { DEFAULT_LOCALE, translator, useT, type Locale } from '../../lib/i18n'

/** Any module of the registry that has no screens yet: its title and breadcrumb; others 404. */
export function loader({ params }: Route.LoaderArgs) {
  const page = pageOf(params.module)
  if (!page) throw new Response('Not found', { status: 404 })
  return { module: page.module }
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const root = matches.find((m) => m?.id === 'root')?.loaderData as { locale?: Locale } | undefined
  const t = translator(root?.locale ?? DEFAULT_LOCALE)
  const page = loaderData ? pageOf(loaderData.module) : undefined
  return [{ title: page ? `${(t[page.title] as () => string)()} · ${t.app_name()}` : t.app_name() }]
}

export default function ModulePage({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const page = pageOf(loaderData.module)!
  const title = (t[page.title] as () => string)()
  return (
    <section className="flex flex-col gap-4">
      <nav aria-label={t.breadcrumb()} className="text-sm text-muted">
        <ol className="flex gap-2">
          <li>
            <Link to="/view/home" className="underline">
              {t.nav_home()}
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li>{(t[page.group] as () => string)()}</li>
          <li aria-hidden="true">/</li>
          <li aria-current="page" className="font-medium text-ink">
            {title}
          </li>
        </ol>
      </nav>
      <h1 className="text-3xl font-extrabold tracking-tight">{title}</h1>
      <p className="max-w-xl text-ink-soft">{t.module_soon()}</p>
    </section>
  )
}
