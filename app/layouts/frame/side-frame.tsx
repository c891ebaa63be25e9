import type { LayoutName } from '../../lib/layouts'
import { Content } from './content'
import { Footer } from './footer'
import { Header } from './header'

/**
 * The vertical layouts' shape: a side panel (hidden below md, where the drawer takes over)
 * beside the header, the page and the footer. Each vertical layout is this with its own panel.
 */
export function SideFrame({
  layout,
  width,
  panelClassName,
  panel,
  headerLead,
  children,
}: {
  layout: LayoutName
  width: string
  panelClassName: string
  panel: React.ReactNode
  headerLead?: React.ReactNode
  children: React.ReactNode
}) {
  return (
    <div className="flex min-h-full" data-layout={layout}>
      <aside className={`hidden shrink-0 md:block ${width}`}>
        <div className={`sticky top-0 flex h-screen flex-col overflow-y-auto ${panelClassName}`}>{panel}</div>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <Header lead={headerLead} />
        <Content>{children}</Content>
        <Footer />
      </div>
    </div>
  )
}
