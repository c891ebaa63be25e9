import { Content, type FrameProps } from '../frame/content'
import { Footer } from '../frame/footer'
import { Header } from '../frame/header'
import { SideNavigation } from '../frame/navigation'
import { CompanyLogo, UserBlock } from '../frame/user-block'

/** futuristic: a deep gradient side panel, the user at its foot. */
export function FuturisticFrame({ children }: FrameProps) {
  return (
    <div className="flex min-h-full" data-layout="futuristic">
      <aside className="hidden w-72 shrink-0 md:block">
        <div className="sticky top-0 flex h-screen flex-col gap-6 overflow-y-auto bg-linear-to-b from-primary-800 to-slate-950 p-6 text-white">
          <CompanyLogo />
          <div className="flex-1">
            <SideNavigation />
          </div>
          <div className="border-t border-white/20 pt-4">
            <UserBlock align="row" />
          </div>
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
