import type { FrameProps } from '../frame/content'
import { SideNavigation } from '../frame/navigation'
import { SideFrame } from '../frame/side-frame'
import { CompanyLogo } from '../frame/user-block'

/** classic: a light side navigation beside the header and content. */
export function ClassicFrame({ children }: FrameProps) {
  const panel = (
    <>
      <CompanyLogo />
      <SideNavigation tone="light" />
    </>
  )
  return (
    <SideFrame layout="classic" width="w-64 border-r border-line bg-surface" panelClassName="gap-6 p-4" panel={panel}>
      {children}
    </SideFrame>
  )
}
