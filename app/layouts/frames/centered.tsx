import { Content, type FrameProps } from '../frame/content'
import { MenuButton } from '../frame/drawer'
import { Footer } from '../frame/footer'
import { HeaderTools, SwitcherAndSearch } from '../frame/header'
import { HorizontalNavigation } from '../frame/navigation'
import { CompanyLogo } from '../frame/user-block'

/** centered: header, navigation and content in one centred column of at most 1280 px. */
export function CenteredFrame({ children }: FrameProps) {
  return (
    <div className="flex min-h-full flex-col items-center sm:px-4 sm:py-4" data-layout="centered">
      <div className="flex w-full max-w-7xl flex-1 flex-col overflow-hidden bg-surface shadow-sm sm:rounded-2xl sm:border sm:border-line">
        <header className="border-b border-line">
          <div className="flex items-center gap-3 px-4 py-2 sm:px-6">
            <MenuButton />
            <div className="hidden sm:block">
              <CompanyLogo />
            </div>
            <HorizontalNavigation />
            <HeaderTools />
          </div>
          <div className="flex flex-wrap items-center gap-3 px-4 pb-3 sm:px-6">
            <SwitcherAndSearch />
          </div>
        </header>
        <Content className="flex-1 bg-canvas p-4 sm:p-8">{children}</Content>
        <Footer />
      </div>
    </div>
  )
}
