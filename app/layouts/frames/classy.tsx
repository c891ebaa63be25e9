import type { FrameProps } from '../frame/content'
import { SideNavigation } from '../frame/navigation'
import { SideFrame } from '../frame/side-frame'
import { CompanyLogo, UserBlock } from '../frame/user-block'

/** classy (the default): dark side panel with the company logo, the user block and the navigation. */
export function ClassyFrame({ children }: FrameProps) {
  const panel = (
    <>
      <CompanyLogo />
      <div className="border-y border-slate-700 py-6">
        <UserBlock />
      </div>
      <SideNavigation />
    </>
  )
  return (
    <SideFrame layout="classy" width="w-72" panelClassName="gap-6 bg-slate-900 p-6 text-slate-100" panel={panel}>
      {children}
    </SideFrame>
  )
}
