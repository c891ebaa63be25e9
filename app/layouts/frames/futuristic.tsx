import type { FrameProps } from '../frame/content'
import { SideNavigation } from '../frame/navigation'
import { SideFrame } from '../frame/side-frame'
import { CompanyLogo, UserBlock } from '../frame/user-block'

/** futuristic: a deep gradient side panel, the user at its foot. */
export function FuturisticFrame({ children }: FrameProps) {
  const panel = (
    <>
      <CompanyLogo />
      <div className="flex-1">
        <SideNavigation />
      </div>
      <div className="border-t border-white/20 pt-4">
        <UserBlock align="row" />
      </div>
    </>
  )
  return (
    <SideFrame
      layout="futuristic"
      width="w-72"
      panelClassName="gap-6 bg-linear-to-b from-primary-800 to-slate-950 p-6 text-white"
      panel={panel}
    >
      {children}
    </SideFrame>
  )
}
