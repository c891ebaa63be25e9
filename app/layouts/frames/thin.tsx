import { Content, type FrameProps } from '../frame/content'
import { Footer } from '../frame/footer'
import { Header } from '../frame/header'
import { SideNavigation } from '../frame/navigation'
import { CompanyLogo } from '../frame/user-block'

/** thin: the thinnest rail, icons only (titles as tooltips and for screen readers). */
export function ThinFrame({ children }: FrameProps) {
  return (
    <div className="flex min-h-full" data-layout="thin">
      <aside className="hidden w-18 shrink-0 md:block">
        <div className="sticky top-0 flex h-screen flex-col items-center gap-4 overflow-y-auto bg-primary-800 px-2 py-4 text-white">
          <CompanyLogo withName={false} />
          <SideNavigation appearance="icons" />
        </div>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <Header />
        <Content>{children}</Content>
        <Footer />
      </div>
    </div>
  )
}
