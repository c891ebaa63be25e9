/** The page's own content, the skip link's target. */
export function Content({
  children,
  className = 'flex-1 p-4 sm:p-8',
}: {
  children: React.ReactNode
  className?: string
}) {
  return (
    <main id="content" className={className}>
      {children}
    </main>
  )
}

export type FrameProps = { children: React.ReactNode }
