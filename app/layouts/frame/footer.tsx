import { useT } from '../../lib/i18n'

/** docs/shell.md §2: the footer holds a copyright line and the current year. */
export function Footer({ className = '' }: { className?: string }) {
  const t = useT()
  return (
    <footer className={`border-t border-line bg-surface px-6 py-4 text-sm text-muted ${className}`}>
      {t.footer_copyright({ year: String(new Date().getFullYear()) })}
    </footer>
  )
}
