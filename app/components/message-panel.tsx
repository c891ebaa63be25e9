import { lazy } from 'react'
import { useT } from '../lib/i18n'
import { Popover, PopoverLoading } from './popover'

type Kind = 'messages' | 'notifications'

// its content's scripts load when it first opens (issue 46: the shell's scripts are every page's)
const PanelContent = lazy(() => import('./message-panel-content'))

/** Messages or notifications (docs/shell.md §2 Panels): unread dots, toggles, mark all, remove. */
export function MessagePanel({ kind, unread, timeZone }: { kind: Kind; unread: number; timeZone: string }) {
  const t = useT()
  const title = kind === 'messages' ? t.messages_title() : t.notifications_title()
  const trigger = (
    <span className="relative flex">
      <svg
        viewBox="0 0 24 24"
        className="h-6 w-6 text-ink-soft"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
      >
        {kind === 'messages' ? (
          <path d="M4 5h16v11H8l-4 4z" strokeLinejoin="round" />
        ) : (
          <path d="M6 16V11a6 6 0 1 1 12 0v5l2 2H4zM10 20h4" strokeLinejoin="round" />
        )}
      </svg>
      {unread > 0 ? (
        <span
          className="absolute -top-1.5 -right-2 min-w-5 rounded-full bg-primary-600 px-1 text-center text-xs font-bold text-white"
          data-testid={`${kind}-badge`}
        >
          {unread}
        </span>
      ) : null}
    </span>
  )
  return (
    <Popover
      label={unread ? `${title}, ${t.unread_count({ count: String(unread) })}` : title}
      trigger={trigger}
      testId={`${kind}-panel`}
    >
      <PopoverLoading>
        <PanelContent kind={kind} title={title} timeZone={timeZone} />
      </PopoverLoading>
    </Popover>
  )
}
