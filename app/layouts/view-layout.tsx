import { useCallback, useEffect, useState } from 'react'
import { data, Link, Outlet, redirect, useLocation, useNavigate, useSearchParams } from 'react-router'
import type { Route } from './+types/view-layout'
import { BranchSwitcher, type Filial } from '../components/branch-switcher'
import { FullscreenToggle } from '../components/fullscreen-toggle'
import { LanguagePicker } from '../components/language-picker'
import { MessagePanel } from '../components/message-panel'
import { SearchBar } from '../components/search-bar'
import { ShortcutsPanel } from '../components/shortcuts-panel'
import { Toaster } from '../components/toaster'
import { UploadDialog } from '../components/upload-dialog'
import { initials, UserMenu } from '../components/user-menu'
import { Logo } from '../components/logo'
import { apiClient } from '../lib/api.server'
import { clearTenantCookies, COOKIE, readCookies, setCookies, tokenCookie } from '../lib/cookies.server'
import { needsRefresh } from '../lib/token-age'
import { serverContext } from '../server-context'
import { useT } from '../lib/i18n'
import { GROUPS, PAGES } from '../lib/pages'
import { redirectToSignIn } from '../lib/session.server'
import type { PublicUser } from '../../storage/repositories/users.ts'
import { Alert } from '../ui/alert'

type Current = { COD_EMPRESA: number; COD_FILIAL: number }

/** Everything the frame needs, in one call to the BFF before the page shows. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const res = await apiClient(request, context).common.shell.$get()
  // the frame's call already says the session is gone: no second call to find out
  if (res.status === 401) throw redirectToSignIn(request)
  if (res.status === 403) {
    // The remembered company or branch is no longer the user's: forget it and start from the default.
    const url = new URL(request.url)
    throw redirect(url.pathname + url.search, { headers: setCookies(...clearTenantCookies(context.get(serverContext).production)) })
  }
  if (!res.ok) throw new Response('The page could not be loaded', { status: 500 })
  const frame = (await res.json()) as ViewLayoutData
  // product-shell.md §7 token refresh: renew a token close to its expiry (answer Dados.Token).
  const token = readCookies(request)[COOKIE.token]
  if (needsRefresh(token, Math.floor(Date.now() / 1000))) {
    const renewed = await apiClient(request, context).auth['refresh-access-token'].$post()
    if (renewed.ok) {
      const { Dados } = (await renewed.json()) as { Dados: { Token: string } }
      return data(frame, { headers: setCookies(tokenCookie(Dados.Token, context.get(serverContext).production)) })
    }
  }
  return frame
}

/** The renewed session cookie of the loader goes out with the page. */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders
}

export type ViewLayoutData = { user: PublicUser; branches: Filial[]; current: Current | null; timeZone: string; logo: string | null; unread: { messages: number; notifications: number } }

const navClass = (active: boolean) => `flex items-center gap-3 rounded-md px-3 py-2 font-medium ${active ? 'bg-slate-700 text-white' : 'text-slate-200 hover:bg-slate-800'}`

/** The classy layout: side panel (logo, user, navigation), header (switcher, language), footer. */
export default function ViewLayout({ loaderData }: Route.ComponentProps) {
  const { user, branches, current, timeZone, logo, unread } = loaderData
  const [uploadOpen, setUploadOpen] = useState(false)
  const closeUpload = useCallback(() => setUploadOpen(false), [])
  const t = useT()
  const location = useLocation()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const [drawerOpen, setDrawerOpen] = useState(false)
  const [companyNotice, setCompanyNotice] = useState<string | null>(null)
  const company = branches.find((b) => b.COD_EMPRESA === current?.COD_EMPRESA)

  useEffect(() => setDrawerOpen(false), [location.pathname])
  // The navigation is plain links (cheap to render on the server); one handler makes them in-app.
  const followInApp = (event: React.MouseEvent) => {
    const link = (event.target as HTMLElement).closest('a')
    if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    navigate(link.getAttribute('href')!)
  }
  useEffect(() => {
    // The spec's local-storage keys, mirrored for client code that reads them.
    if (!current) return
    localStorage.setItem('currentEmpresa', String(current.COD_EMPRESA))
    localStorage.setItem('currentFilial', String(current.COD_FILIAL))
  }, [current])
  useEffect(() => {
    // The switcher flags a change of company once; show it, then drop the flag from the address.
    if (params.get('empresaChanged') && company) {
      setCompanyNotice(t.company_changed({ company: company.NOME_EMPRESA }))
      const next = new URLSearchParams(params)
      next.delete('empresaChanged')
      navigate({ search: next.toString() }, { replace: true, preventScrollReset: true })
    }
  }, [params, company, navigate, t])

  const panel = (
    <div className="flex h-full flex-col gap-6 overflow-y-auto bg-slate-900 p-6 text-slate-100">
      <div className="flex items-center gap-3">
        <button type="button" onClick={() => setUploadOpen(true)} aria-label={t.change_logo()} title={t.change_logo()} className="rounded-lg focus-visible:outline-2 focus-visible:outline-white" data-testid="company-logo">
          {logo ? <img src={logo} alt="" className="h-9 w-9 rounded-lg bg-white object-contain" /> : <Logo className="h-9 w-9" />}
        </button>
        <Link to="/view/home" className="text-lg font-bold">
          {t.app_name()}
        </Link>
      </div>
      <div className="flex flex-col items-center gap-2 border-y border-slate-700 py-6 text-center">
        <div aria-hidden="true" className="flex h-20 w-20 items-center justify-center rounded-full bg-primary-600 text-2xl font-bold">
          {user.avatar ? <img src={user.avatar} alt="" className="h-20 w-20 rounded-full object-cover" /> : initials(user.name)}
        </div>
        <div className="font-semibold" data-testid="user-name">
          {user.name}
        </div>
        <div className="text-sm text-slate-300" data-testid="user-email">
          {user.email}
        </div>
      </div>
      <nav aria-label={t.nav_title()} className="flex flex-col gap-4 overflow-y-auto" onClick={followInApp}>
        <ul className="flex flex-col gap-1">
          <li>
            <a href="/view/home" className={navClass(location.pathname === '/view/home')} aria-current={location.pathname === '/view/home' ? 'page' : undefined}>
              {t.nav_home()}
            </a>
          </li>
        </ul>
        {GROUPS.map((group) => (
          <div key={group}>
            <h2 className="px-3 pb-1 text-xs font-semibold tracking-wide text-slate-400 uppercase">{(t[group] as () => string)()}</h2>
            <ul className="flex flex-col gap-0.5">
              {PAGES.filter((p) => p.group === group).map((p) => {
                const href = `/view/${p.module}`
                const active = location.pathname === href
                return (
                  <li key={p.module}>
                    <a href={href} className={navClass(active)} aria-current={active ? 'page' : undefined}>
                      <svg viewBox="0 0 24 24" className="h-5 w-5 shrink-0" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round">
                        <path d={p.icon} />
                      </svg>
                      {(t[p.title] as () => string)()}
                    </a>
                  </li>
                )
              })}
            </ul>
          </div>
        ))}
      </nav>
    </div>
  )

  return (
    <div className="flex min-h-full">
      <a href="#content" className="sr-only focus:not-sr-only focus:absolute focus:z-50 focus:bg-surface focus:p-2">
        {t.skip_to_content()}
      </a>
      <aside className="hidden w-72 shrink-0 md:block">{panel}</aside>
      {drawerOpen ? (
        <div className="fixed inset-0 z-40 md:hidden" role="dialog" aria-modal="true" aria-label={t.nav_title()}>
          <button type="button" className="absolute inset-0 bg-black/50" aria-label={t.menu_close()} onClick={() => setDrawerOpen(false)} />
          <div className="absolute inset-y-0 left-0 w-72 max-w-[85vw]">{panel}</div>
        </div>
      ) : null}
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex flex-wrap items-center gap-3 border-b border-line bg-surface px-4 py-3 sm:px-6">
          <button type="button" className="rounded-md p-2 hover:bg-canvas md:hidden" aria-label={t.menu_open()} aria-expanded={drawerOpen} onClick={() => setDrawerOpen(true)}>
            <svg viewBox="0 0 24 24" className="h-6 w-6" aria-hidden="true">
              <path d="M4 6h16M4 12h16M4 18h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
          <BranchSwitcher branches={branches} current={current} />
          <div className="order-last w-full sm:order-none sm:w-auto sm:flex-1">
            <SearchBar />
          </div>
          <div className="ml-auto flex items-center gap-1 sm:gap-2">
            <LanguagePicker />
            <FullscreenToggle />
            <ShortcutsPanel />
            <MessagePanel kind="messages" unread={unread.messages} timeZone={timeZone} />
            <MessagePanel kind="notifications" unread={unread.notifications} timeZone={timeZone} />
            <UserMenu user={user} />
          </div>
        </header>
        <main id="content" className="flex-1 p-4 sm:p-8">
          {companyNotice ? <Alert tone="info">{companyNotice}</Alert> : null}
          <Outlet />
        </main>
        <UploadDialog open={uploadOpen} onClose={closeUpload} purpose="logo" />
        <Toaster />
        <footer className="border-t border-line bg-surface px-6 py-4 text-sm text-muted">{t.footer_copyright({ year: String(new Date().getFullYear()) })}</footer>
      </div>
    </div>
  )
}
