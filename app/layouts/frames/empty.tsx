import { Content, type FrameProps } from '../frame/content'

/** empty: the page alone, no header, navigation or footer. */
export function EmptyFrame({ children }: FrameProps) {
  return (
    <div className="flex min-h-full flex-col" data-layout="empty">
      <Content>{children}</Content>
    </div>
  )
}
