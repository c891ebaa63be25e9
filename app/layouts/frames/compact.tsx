import type { FrameProps } from '../frame/content'
import { SideNavigation } from '../frame/navigation'
import { SideFrame } from '../frame/side-frame'
import { CompanyLogo } from '../frame/user-block'

/** compact: a narrow dark rail, each page an icon over its short title. */
export function CompactFrame({ children }: FrameProps) {
  const panel = (
    <>
      <div className="flex justify-center">
        <CompanyLogo withName={false} size="h-10 w-10" />
      </div>
      <SideNavigation appearance="compact" />
    </>
  )
  return (
    <SideFrame
      layout="compact"
      width="w-28"
      panelClassName="items-stretch gap-4 bg-slate-800 px-2 py-4 text-slate-100"
      panel={panel}
    >
      {children}
    </SideFrame>
  )
}
