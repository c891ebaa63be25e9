import { useEffect } from 'react'
import { useT } from '../../lib/i18n'
import { BranchSwitcher } from '../../components/branch-switcher'
import { LanguagePicker } from '../../components/language-picker'
import { useFrame } from './frame-context'
import { SideNavigation } from './navigation'
import { CompanyLogo } from './user-block'

/** Below md: the menu button that opens the navigation drawer (closed at first). */
export function MenuButton({ className = '' }: { className?: string }) {
  const t = useT()
  const { drawerOpen, setDrawerOpen } = useFrame()
  return (
    <button
      type="button"
      className={`rounded-md p-2 hover:bg-black/5 md:hidden ${className}`}
      aria-label={t.menu_open()}
      aria-expanded={drawerOpen}
      onClick={() => setDrawerOpen(true)}
      data-testid="menu-button"
    >
      <svg viewBox="0 0 24 24" className="h-6 w-6" aria-hidden="true">
        <path d="M4 6h16M4 12h16M4 18h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
    </button>
  )
}

/** The navigation drawer of every layout below md: logo, then the side navigation; Escape closes it. */
export function Drawer() {
  const t = useT()
  const { drawerOpen, setDrawerOpen, branches, current } = useFrame()
  useEffect(() => {
    if (!drawerOpen) return
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setDrawerOpen(false)
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [drawerOpen, setDrawerOpen])
  if (!drawerOpen) return null
  return (
    <div
      className="fixed inset-0 z-40 md:hidden"
      role="dialog"
      aria-modal="true"
      aria-label={t.nav_title()}
      data-testid="drawer"
    >
      <button
        type="button"
        className="absolute inset-0 bg-black/50"
        aria-label={t.menu_close()}
        onClick={() => setDrawerOpen(false)}
      />
      <div className="absolute inset-y-0 left-0 flex w-72 max-w-[85vw] flex-col gap-6 overflow-y-auto bg-slate-900 p-6 text-slate-100">
        <CompanyLogo />
        {/* on a phone the header keeps one row: the company and the language are here */}
        <div className="flex flex-col gap-2 text-ink sm:hidden">
          <BranchSwitcher branches={branches} current={current} id="drawer-branch-switcher" />
          <LanguagePicker id="drawer-language-picker" />
        </div>
        <SideNavigation />
      </div>
    </div>
  )
}
