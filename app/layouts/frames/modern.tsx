import { Content, type FrameProps } from '../frame/content'
import { MenuButton } from '../frame/drawer'
import { Footer } from '../frame/footer'
import { HeaderTools, SwitcherAndSearch } from '../frame/header'
import { HorizontalNavigation } from '../frame/navigation'
import { CompanyLogo } from '../frame/user-block'

/** modern: one top bar with the logo, the horizontal navigation and the tools; switcher and search under it. */
export function ModernFrame({ children }: FrameProps) {
  return (
    <div className="flex min-h-full flex-col" data-layout="modern">
      <header className="border-b border-line bg-surface">
        <div className="flex items-center gap-3 px-4 py-2 sm:px-6">
          <MenuButton />
          <div className="hidden sm:block">
            <CompanyLogo withName={false} />
          </div>
          <HorizontalNavigation />
          <HeaderTools />
        </div>
        <div className="flex flex-wrap items-center gap-3 border-t border-line px-4 py-2 sm:px-6">
          <SwitcherAndSearch />
        </div>
      </header>
      <Content>{children}</Content>
      <Footer />
    </div>
  )
}
