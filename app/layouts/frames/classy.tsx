import { Content, type FrameProps } from '../frame/content'
import { Footer } from '../frame/footer'
import { Header } from '../frame/header'
import { SideNavigation } from '../frame/navigation'
import { CompanyLogo, UserBlock } from '../frame/user-block'

/** classy (the default): dark side panel with the company logo, the user block and the navigation. */
export function ClassyFrame({ children }: FrameProps) {
  return (
    <div className="flex min-h-full" data-layout="classy">
      <aside className="hidden w-72 shrink-0 md:block">
        <div className="sticky top-0 flex h-screen flex-col gap-6 overflow-y-auto bg-slate-900 p-6 text-slate-100">
          <CompanyLogo />
          <div className="border-y border-slate-700 py-6">
            <UserBlock />
          </div>
          <SideNavigation />
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
