import { data, isRouteErrorResponse, Link, useRouteError } from 'react-router'
import type { Route } from './+types/module'
import { apiClient } from '../../lib/api.server'
import { DEFAULT_LOCALE, translator, useT, type Locale, type Translator } from '../../lib/i18n'
import { requireUser } from '../../lib/session.server'

/**
 * A module of the company's page registry that has no screens yet: its title and breadcrumb.
 * An unknown module is a 404; one the user may not view a 403 (DOMAIN.md ac_usuariospaginas).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const res = await apiClient(request, context).ac_paginas.mine.$get({ query: { module: params.module } })
  if (res.status === 401) await requireUser(request, context)
  if (res.status === 404 || res.status === 400) throw data(null, { status: 404 })
  if (!res.ok) throw data(null, { status: res.status === 403 ? 403 : 500 })
  const { Dados } = (await res.json()) as { Dados: { module: string; title: string; group: 'field' | 'money' | 'admin'; level: string } }
  if (Dados.level === 'none') throw data(null, { status: 403 })
  return Dados
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const root = matches.find((m) => m?.id === 'root')?.loaderData as { locale?: Locale } | undefined
  const t = translator(root?.locale ?? DEFAULT_LOCALE)
  return [{ title: loaderData ? `${loaderData.title} · ${t.app_name()}` : t.app_name() }]
}

export function Breadcrumb({ group, title }: { group: 'field' | 'money' | 'admin'; title: string }) {
  const t = useT()
  return (
    <nav aria-label={t.breadcrumb()} className="text-sm text-muted">
      <ol className="flex flex-wrap gap-2">
        <li>
          <Link to="/view/home" className="underline">
            {t.nav_home()}
          </Link>
        </li>
        <li aria-hidden="true">/</li>
        <li>{(t[`group_${group}`] as () => string)()}</li>
        <li aria-hidden="true">/</li>
        <li aria-current="page" className="font-medium text-ink">
          {title}
        </li>
      </ol>
    </nav>
  )
}

export default function ModulePage({ loaderData }: Route.ComponentProps) {
  const t = useT()
  return (
    <section className="flex flex-col gap-4">
      <Breadcrumb group={loaderData.group} title={loaderData.title} />
      <h1 className="text-3xl font-extrabold tracking-tight">{loaderData.title}</h1>
      <p className="max-w-xl text-ink-soft">{t.module_soon()}</p>
    </section>
  )
}

/** 403 and 404 inside the frame (navigation and header stay). */
export function ErrorBoundary() {
  const error = useRouteError()
  const t = useT()
  const status = isRouteErrorResponse(error) ? error.status : 500
  const [title, text]: [keyof Translator, keyof Translator] = status === 403 ? ['error_403_title', 'error_403_text'] : status === 404 ? ['error_404_title', 'error_404_text'] : ['error_500_title', 'error_500_text']
  return (
    <section className="flex flex-col items-start gap-3" data-testid={`error-${status}`}>
      <h1 className="text-3xl font-extrabold tracking-tight">{(t[title] as () => string)()}</h1>
      <p className="text-lg text-muted">{(t[text] as () => string)()}</p>
      <Link to="/view/home" className="font-semibold text-primary-700 underline">
        {t.back_home()}
      </Link>
    </section>
  )
}
