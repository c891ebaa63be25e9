import { Content, type FrameProps } from '../frame/content'
import { Footer } from '../frame/footer'
import { Header } from '../frame/header'
import { HorizontalNavigation } from '../frame/navigation'
import { CompanyLogo } from '../frame/user-block'

/** enterprise: the full header on top, the horizontal navigation in a coloured bar under it. */
export function EnterpriseFrame({ children }: FrameProps) {
  return (
    <div className="flex min-h-full flex-col" data-layout="enterprise">
      <Header lead={<CompanyLogo />} />
      <div className="hidden bg-primary-800 px-4 py-1 sm:px-6 md:block">
        <HorizontalNavigation tone="dark" />
      </div>
      <Content>{children}</Content>
      <Footer />
    </div>
  )
}
