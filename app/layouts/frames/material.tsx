import { Content, type FrameProps } from '../frame/content'
import { Footer } from '../frame/footer'
import { Header } from '../frame/header'
import { HorizontalNavigation } from '../frame/navigation'
import { CompanyLogo } from '../frame/user-block'

/** material: a coloured band with the navigation, the content raised on a card over it. */
export function MaterialFrame({ children }: FrameProps) {
  return (
    <div className="flex min-h-full flex-col" data-layout="material">
      <Header lead={<CompanyLogo />} />
      <div className="bg-primary-800 px-4 pt-2 pb-20 sm:px-6">
        <div className="mx-auto max-w-7xl">
          <HorizontalNavigation tone="dark" />
        </div>
      </div>
      <div className="mx-auto -mt-16 mb-6 w-full max-w-7xl flex-1 px-2 sm:px-6">
        <Content className="min-h-full rounded-2xl bg-surface p-4 shadow-md sm:p-8">{children}</Content>
      </div>
      <Footer />
    </div>
  )
}
