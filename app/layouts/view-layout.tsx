import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react'
import { data, Outlet, redirect, useLocation, useMatches, useNavigate, useSearchParams } from 'react-router'
import type { Route } from './+types/view-layout'
import { apiClient } from '../lib/api.server'
import { loadFrame } from '../lib/frame.server'
import { clearTenantCookies, COOKIE, readCookies, setCookies, tokenCookie } from '../lib/cookies.server'
import { needsRefresh } from '../lib/token-age'
import { serverContext } from '../server-context'
import { useT } from '../lib/i18n'
import { pickLayout, type LayoutName } from '../lib/layouts'
import { pageAddress, redirectToSignIn } from '../lib/session.server'
import { Alert } from '../ui/alert'
import { Drawer } from './frame/drawer'
import { FrameContext, type FrameData } from './frame/frame-context'
import { FRAMES } from './frames'

// the logo's dialog: its scripts load when it is first asked for (issue 46: the frame's scripts are every page's)
const UploadDialog = lazy(() => import('../components/upload-dialog').then((m) => ({ default: m.UploadDialog })))

/** Everything the frame needs, in one call to the BFF before the page shows. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { status, frame: shell } = await loadFrame({ request, context })
  // the frame's call already says the session is gone: no second call to find out
  if (status === 401) throw redirectToSignIn(request, context)
  if (status === 403) {
    // The remembered company or branch is no longer the user's: forget it and start from the default.
    const url = pageAddress(request)
    throw redirect(url.pathname + url.search, {
      headers: setCookies(...clearTenantCookies(context.get(serverContext).production)),
    })
  }
  if (!shell) throw new Response('The page could not be loaded', { status: status === 503 ? 503 : 500 })
  const frame: ViewLayoutData = { ...shell, layout: context.get(serverContext).defaultLayout }
  // docs/shell.md §7 token refresh: renew a token close to its expiry (answer Dados.Token).
  const token = readCookies(request)[COOKIE.token]
  if (needsRefresh(token, Math.floor(Date.now() / 1000))) {
    const renewed = await apiClient(request, context).auth['refresh-access-token'].$post()
    if (renewed.ok) {
      const { Dados } = await renewed.json()
      return data(frame, { headers: setCookies(tokenCookie(Dados.Token, context.get(serverContext).production)) })
    }
  }
  return frame
}

/** The renewed session cookie of the loader goes out with the page. */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders
}

export type ViewLayoutData = FrameData & { layout: LayoutName }

/**
 * The signed-in frame: one of the eleven layouts (docs/shell.md §2), picked on every
 * navigation from the address's `layout` parameter, the route's data or the configured default;
 * the drawer and the upload dialog are the same in all of them.
 */
export default function ViewLayout({ loaderData }: Route.ComponentProps) {
  const { branches, current } = loaderData
  const [uploadOpen, setUploadOpen] = useState(false)
  // mounted once first opened, and then kept (it closes itself, giving the focus back)
  const [uploadAsked, setUploadAsked] = useState(false)
  if (uploadOpen && !uploadAsked) setUploadAsked(true)
  const closeUpload = useCallback(() => setUploadOpen(false), [])
  const openUpload = useCallback(() => setUploadOpen(true), [])
  const t = useT()
  const location = useLocation()
  const navigate = useNavigate()
  const matches = useMatches()
  const [params] = useSearchParams()
  const [drawerOpen, setDrawerOpen] = useState(false)
  const [companyNotice, setCompanyNotice] = useState<string | null>(null)
  const company = branches.find((b) => b.COD_EMPRESA === current?.COD_EMPRESA)
  const Frame = FRAMES[pickLayout(params, matches, loaderData.layout)]
  const frame = useMemo(
    () => ({ ...loaderData, openUpload, drawerOpen, setDrawerOpen }),
    [loaderData, openUpload, drawerOpen],
  )

  useEffect(() => setDrawerOpen(false), [location.pathname])
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

  return (
    <FrameContext value={frame}>
      <a href="#content" className="sr-only focus:not-sr-only focus:absolute focus:z-50 focus:bg-surface focus:p-2">
        {t.skip_to_content()}
      </a>
      <Frame>
        {companyNotice ? <Alert tone="info">{companyNotice}</Alert> : null}
        <Outlet />
      </Frame>
      <Drawer />
      {uploadAsked ? (
        <Suspense fallback={null}>
          <UploadDialog open={uploadOpen} onClose={closeUpload} purpose="logo" current={loaderData.logo} />
        </Suspense>
      ) : null}
    </FrameContext>
  )
}
