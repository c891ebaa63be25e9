import { Content, type FrameProps } from '../frame/content'
import { Footer } from '../frame/footer'
import { Header } from '../frame/header'
import { SideNavigation } from '../frame/navigation'
import { CompanyLogo } from '../frame/user-block'

/** classic: a light side navigation beside the header and content. */
export function ClassicFrame({ children }: FrameProps) {
  return (
    <div className="flex min-h-full" data-layout="classic">
      <aside className="hidden w-64 shrink-0 border-r border-line bg-surface md:block">
        <div className="sticky top-0 flex h-screen flex-col gap-6 overflow-y-auto p-4">
          <CompanyLogo />
          <SideNavigation tone="light" />
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
