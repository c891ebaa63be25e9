import { Avatar } from '../ui/avatar'
import { useMayOpen } from '../layouts/frame/frame-context'
import { useEffect } from 'react'
import { Link, useFetcher, useLocation } from 'react-router'
import type { loader } from '../routes/resources/panel'
import type { Message } from '../../domain/schemas/common-panels.ts'
import { panelTime } from '../lib/format'
import { useLocale, useT } from '../lib/i18n'
import { CsrfField } from '../ui/csrf-field'

type Kind = 'messages' | 'notifications'

/** One panel action as a tiny form (works without JS; with JS it stays in place). */
function PanelAction({
  fields,
  label,
  children,
  disabled = false,
  className = '',
}: {
  fields: Record<string, string>
  label: string
  children: React.ReactNode
  disabled?: boolean
  className?: string
}) {
  const fetcher = useFetcher()
  const location = useLocation()
  return (
    <fetcher.Form method="post" action="/resources/panel">
      <CsrfField />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button
        type="submit"
        aria-label={label}
        title={label}
        disabled={disabled || fetcher.state !== 'idle'}
        className={`rounded-full focus-visible:outline-2 focus-visible:outline-primary-600 disabled:cursor-not-allowed disabled:opacity-40 ${className}`}
      >
        {children}
      </button>
    </fetcher.Form>
  )
}

function ItemLink({ item, children }: { item: Message; children: React.ReactNode }) {
  const className = 'flex min-w-0 flex-1 gap-3'
  const mayOpen = useMayOpen()
  // no link where there is no page, or none the user may open
  if (!item.link || !mayOpen(item.link)) return <div className={className}>{children}</div>
  return item.useRouter ? (
    <Link to={item.link} className={className}>
      {children}
    </Link>
  ) : (
    <a href={item.link} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
    </a>
  )
}

/** Mounted when the panel opens: loads the items (and reloads them after each action). */
export default function PanelContent({ kind, title, timeZone }: { kind: Kind; title: string; timeZone: string }) {
  const t = useT()
  const locale = useLocale()
  const fetcher = useFetcher<typeof loader>()
  useEffect(() => {
    if (fetcher.state === 'idle' && !fetcher.data) fetcher.load(`/resources/panel?kind=${kind}`)
  }, [fetcher, kind])
  const items = fetcher.data?.items
  if (!items)
    return (
      <p className="px-4 py-10 text-center text-muted" role="status">
        …
      </p>
    )
  const unread = items.filter((m) => !m.read).length
  return (
    <>
      <div className="flex items-center justify-between bg-primary-600 px-4 py-3 text-white">
        <h2 className="text-lg font-semibold">{title}</h2>
        <PanelAction
          fields={{ intent: 'mark-all', kind }}
          label={t.mark_all_read()}
          disabled={unread === 0}
          className="px-2 py-1 text-sm font-medium hover:bg-surface/15"
        >
          {t.mark_all_read()}
        </PanelAction>
      </div>
      {items.length === 0 ? (
        <p className="px-4 py-10 text-center text-muted">
          {kind === 'messages' ? t.no_messages() : t.no_notifications()}
        </p>
      ) : (
        <ul className="max-h-[28rem] divide-y divide-line overflow-y-auto">
          {items.map((item) => (
            <li
              key={item.id}
              className={`flex items-start gap-2 px-4 py-3 ${item.read ? '' : 'bg-primary-50'}`}
              data-testid="panel-item"
            >
              <ItemLink item={item}>
                <Avatar
                  src={item.image}
                  name={item.title}
                  className="h-8 w-8 bg-primary-100 text-sm text-primary-800"
                />
                <span className="min-w-0">
                  <span className="block font-semibold text-ink">{item.title}</span>
                  {item.description ? <span className="block text-sm text-ink-soft">{item.description}</span> : null}
                  <span className="block text-xs text-muted">{panelTime(item.time, locale, timeZone)}</span>
                </span>
              </ItemLink>
              <div className="flex shrink-0 flex-col items-center gap-1">
                <PanelAction
                  fields={{ intent: 'toggle', kind, id: item.id, read: String(!item.read) }}
                  label={item.read ? t.mark_unread() : t.mark_read()}
                  className="flex h-7 w-7 items-center justify-center hover:bg-line"
                >
                  <span
                    className={`block h-2.5 w-2.5 rounded-full ${item.read ? 'border border-muted' : 'bg-primary-600'}`}
                    data-testid={item.read ? 'read-dot' : 'unread-dot'}
                  />
                </PanelAction>
                <PanelAction
                  fields={{ intent: 'remove', kind, id: item.id }}
                  label={t.remove()}
                  className="flex h-7 w-7 items-center justify-center text-muted hover:bg-line"
                >
                  <svg viewBox="0 0 20 20" className="h-4 w-4" aria-hidden="true" fill="currentColor">
                    <path d="M6.3 5 10 8.7 13.7 5 15 6.3 11.3 10l3.7 3.7-1.3 1.3L10 11.3 6.3 15 5 13.7 8.7 10 5 6.3z" />
                  </svg>
                </PanelAction>
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  )
}
