import { lazy } from 'react'
import { useT } from '../lib/i18n'
import { Popover, PopoverLoading } from './popover'

// its content's scripts load when it first opens (issue 46: the shell's scripts are every page's)
const ShortcutsContent = lazy(() => import('./shortcuts-content'))

/** The shortcuts panel (docs/shell.md §2, §4, §5): modes view, modify, add and edit. */
export function ShortcutsPanel() {
  const t = useT()
  const trigger = (
    <svg
      viewBox="0 0 24 24"
      className="h-6 w-6 text-ink-soft"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
    >
      <path d="M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h6v6h-6z" />
    </svg>
  )
  return (
    <Popover label={t.shortcuts_title()} trigger={trigger} testId="shortcuts-panel">
      <PopoverLoading>
        <ShortcutsContent />
      </PopoverLoading>
    </Popover>
  )
}
