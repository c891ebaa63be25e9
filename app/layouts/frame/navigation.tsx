import { useLocation, useNavigate } from 'react-router'
import { Popover } from '../../components/popover'
import { useT, type Translator } from '../../lib/i18n'
import { useFrame, type FramePage } from './frame-context'

export type Tone = 'dark' | 'light'
/** default: icon and title under group headings; compact: icon over a short title; icons: icon only. */
export type Appearance = 'default' | 'compact' | 'icons'

const HOME_ICON = 'M3 11l9-8 9 8M5 10v10h5v-6h4v6h5V10'
const GROUPS = ['field', 'money', 'admin'] as const
type Item = { href: string; title: string; icon: string; group?: FramePage['group'] }
const groupTitle = (t: Translator, group: FramePage['group']) => (t[`group_${group}`] as () => string)()

/** Home, then the pages the user may view (the shell's answer: the company's registry, filtered by access). */
function useItems(): Item[] {
  const t = useT()
  const { pages } = useFrame()
  return [
    { href: '/view/home', title: t.nav_home(), icon: HOME_ICON },
    ...pages.map((p) => ({ href: `/view/${p.module}`, title: p.title, icon: p.icon, group: p.group })),
  ]
}

/**
 * The navigation is plain links (cheap to render on the server); one click handler makes them
 * in-app navigations. Modified clicks (new tab, new window) keep the browser's behaviour.
 */
function useInAppLinks() {
  const navigate = useNavigate()
  return (event: React.MouseEvent) => {
    const link = (event.target as HTMLElement).closest('a')
    if (
      !link ||
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return
    event.preventDefault()
    navigate(link.getAttribute('href')!)
  }
}

function Icon({ d, className = 'h-5 w-5' }: { d: string; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={`${className} shrink-0 icon-line`} aria-hidden="true">
      <path d={d} />
    </svg>
  )
}

const linkTone = (tone: Tone, active: boolean) =>
  tone === 'dark'
    ? active
      ? 'bg-white/15 text-white'
      : 'nav-dark'
    : active
      ? 'bg-primary-50 text-primary-800'
      : 'text-ink-soft hover:bg-canvas'

const shape: Record<Appearance, string> = {
  default: 'nav-link',
  compact: 'flex flex-col items-center gap-1 rounded-md px-1 py-2 text-center text-xs font-medium',
  icons: 'flex items-center justify-center rounded-md p-3',
}

/** Side navigation from the pages registry (vertical layouts and the drawer). */
export function SideNavigation({ appearance = 'default', tone = 'dark' }: { appearance?: Appearance; tone?: Tone }) {
  const t = useT()
  const { pathname } = useLocation()
  const follow = useInAppLinks()
  const items = useItems()
  const link = (item: Item) => {
    const active = pathname === item.href || pathname.startsWith(`${item.href}/`)
    const title = item.title
    return (
      <li key={item.href}>
        <a
          href={item.href}
          className={`${shape[appearance]} ${linkTone(tone, active)}`}
          aria-current={active ? 'page' : undefined}
          title={appearance === 'icons' ? title : undefined}
        >
          <Icon d={item.icon} className={appearance === 'default' ? 'h-5 w-5' : 'h-6 w-6'} />
          <span
            className={appearance === 'icons' ? 'sr-only' : appearance === 'compact' ? 'line-clamp-2 break-words' : ''}
          >
            {title}
          </span>
        </a>
      </li>
    )
  }
  return (
    <nav
      aria-label={t.nav_title()}
      className="flex flex-col gap-4"
      onClick={follow}
      data-testid="side-navigation"
      data-appearance={appearance}
    >
      <ul className="flex flex-col gap-1">{link(items[0])}</ul>
      {GROUPS.filter((group) => items.some((i) => i.group === group)).map((group) => (
        <div key={group}>
          {appearance === 'default' ? (
            <h2
              className={`px-3 pb-1 text-xs font-semibold tracking-wide uppercase ${tone === 'dark' ? 'text-slate-300' : 'text-muted'}`}
            >
              {groupTitle(t, group)}
            </h2>
          ) : (
            <hr className={`mx-2 mb-2 ${tone === 'dark' ? 'border-white/20' : 'border-line'}`} />
          )}
          <ul className="flex flex-col gap-0.5">{items.filter((i) => i.group === group).map(link)}</ul>
        </div>
      ))}
    </nav>
  )
}

/** Horizontal navigation: Home, then one menu per group (horizontal layouts, from md up). */
export function HorizontalNavigation({ tone = 'light' }: { tone?: Tone }) {
  const t = useT()
  const { pathname } = useLocation()
  const follow = useInAppLinks()
  const items = useItems()
  const home = items[0]
  const item = `flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium ${tone === 'dark' ? 'text-white hover:bg-white/10' : 'text-ink-soft hover:bg-canvas'}`
  return (
    <nav
      aria-label={t.nav_title()}
      className="hidden items-center gap-1 md:flex"
      onClick={follow}
      data-testid="horizontal-navigation"
    >
      <a
        href={home.href}
        className={`${item} ${pathname === home.href ? 'font-semibold underline underline-offset-8' : ''}`}
        aria-current={pathname === home.href ? 'page' : undefined}
      >
        <Icon d={home.icon} />
        {home.title}
      </a>
      {GROUPS.filter((group) => items.some((i) => i.group === group)).map((group) => {
        const label = groupTitle(t, group)
        const pages = items.filter((i) => i.group === group)
        const active = pages.some((p) => p.href === pathname)
        // keyed by the address: a navigation closes the menu
        return (
          <Popover
            key={`${group}${pathname}`}
            label={label}
            align="left"
            summaryClassName={`${item} ${active ? 'font-semibold underline underline-offset-8' : ''}`}
            trigger={<span>{label}</span>}
          >
            <ul className="flex flex-col py-1">
              {pages.map((p) => (
                <li key={p.href}>
                  <a
                    href={p.href}
                    className={`flex items-center gap-3 px-4 py-2 text-ink hover:bg-canvas ${p.href === pathname ? 'font-semibold text-accent' : ''}`}
                    aria-current={p.href === pathname ? 'page' : undefined}
                  >
                    <Icon d={p.icon} />
                    {p.title}
                  </a>
                </li>
              ))}
            </ul>
          </Popover>
        )
      })}
    </nav>
  )
}
