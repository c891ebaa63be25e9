import { Content, type FrameProps } from '../frame/content'
import { Footer } from '../frame/footer'
import { Header } from '../frame/header'
import { SideNavigation } from '../frame/navigation'
import { CompanyLogo } from '../frame/user-block'

/** compact: a narrow dark rail, each page an icon over its short title. */
export function CompactFrame({ children }: FrameProps) {
  return (
    <div className="flex min-h-full" data-layout="compact">
      <aside className="hidden w-28 shrink-0 md:block">
        <div className="sticky top-0 flex h-screen flex-col items-stretch gap-4 overflow-y-auto bg-slate-800 px-2 py-4 text-slate-100">
          <div className="flex justify-center">
            <CompanyLogo withName={false} size="h-10 w-10" />
          </div>
          <SideNavigation appearance="compact" />
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
