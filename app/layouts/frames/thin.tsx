import type { FrameProps } from '../frame/content'
import { SideNavigation } from '../frame/navigation'
import { SideFrame } from '../frame/side-frame'
import { CompanyLogo } from '../frame/user-block'

/** thin: the thinnest rail, icons only (titles as tooltips and for screen readers). */
export function ThinFrame({ children }: FrameProps) {
  const panel = (
    <>
      <CompanyLogo withName={false} />
      <SideNavigation appearance="icons" />
    </>
  )
  return (
    <SideFrame
      layout="thin"
      width="w-18"
      panelClassName="items-center gap-4 bg-primary-800 px-2 py-4 text-white"
      panel={panel}
    >
      {children}
    </SideFrame>
  )
}
