import { useState } from 'react'
import { useT } from '../../lib/i18n'
import type { FrameProps } from '../frame/content'
import { SideNavigation } from '../frame/navigation'
import { SideFrame } from '../frame/side-frame'
import { CompanyLogo } from '../frame/user-block'

/**
 * dense: the side navigation switches between the dense appearance (icons) and the default one
 * (titles); on small screens it is the drawer, in the default appearance.
 */
export function DenseFrame({ children }: FrameProps) {
  const t = useT()
  const [dense, setDense] = useState(true)
  const toggle = (
    <button
      type="button"
      onClick={() => setDense(!dense)}
      aria-pressed={dense}
      title={t.nav_dense_toggle()}
      className="hidden rounded-md p-2 hover:bg-canvas md:block"
      data-testid="dense-toggle"
    >
      <span className="sr-only">{t.nav_dense_toggle()}</span>
      <svg
        viewBox="0 0 24 24"
        className="h-6 w-6"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      >
        <path d={dense ? 'M4 6h16M4 12h16M4 18h16M14 9l3 3-3 3' : 'M4 6h16M4 12h16M4 18h16M17 9l-3 3 3 3'} />
      </svg>
    </button>
  )
  const panel = (
    <>
      <CompanyLogo withName={!dense} />
      <SideNavigation appearance={dense ? 'icons' : 'default'} />
    </>
  )
  return (
    <SideFrame
      layout="dense"
      width={dense ? 'w-18' : 'w-64'}
      panelClassName={`gap-4 bg-slate-900 py-4 text-slate-100 ${dense ? 'items-center px-2' : 'px-4'}`}
      panel={panel}
      headerLead={toggle}
    >
      {children}
    </SideFrame>
  )
}
