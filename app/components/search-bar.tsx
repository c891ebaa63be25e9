import { useEffect, useId, useState } from 'react'
import { Link, useFetcher } from 'react-router'
import { useT } from '../lib/i18n'
import type { loader } from '../routes/resources/search'

/** product-shell.md §5: search from 2 characters, 300 ms after the last key; shorter input clears. */
export const SEARCH_MIN_LENGTH = 2
export const SEARCH_DEBOUNCE_MS = 300

export function SearchBar() {
  const t = useT()
  const id = useId()
  const fetcher = useFetcher<typeof loader>()
  const [query, setQuery] = useState('')
  const active = query.trim().length >= SEARCH_MIN_LENGTH

  useEffect(() => {
    if (!active) return
    const timer = setTimeout(() => fetcher.load(`/resources/search?q=${encodeURIComponent(query)}`), SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [query, active, fetcher.load])

  const data = active && fetcher.data?.query === query ? fetcher.data : null
  const names: Record<string, string> = { clients: t.group_clients(), quotes: t.group_quotes(), contacts: t.group_contacts(), pages: t.group_pages(), tasks: t.group_tasks() }
  return (
    <div className="relative w-full max-w-sm" role="search">
      <label htmlFor={id} className="sr-only">
        {t.search_label()}
      </label>
      <input
        id={id}
        type="search"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={(e) => e.key === 'Escape' && setQuery('')}
        placeholder={t.search_placeholder()}
        autoComplete="off"
        aria-controls={data ? `${id}-results` : undefined}
        className="min-h-10 w-full rounded-full border border-line bg-surface px-4 text-sm"
      />
      {data ? (
        <div id={`${id}-results`} className="absolute z-30 mt-2 max-h-96 w-full overflow-y-auto rounded-xl border border-line bg-surface py-2 shadow-lg" data-testid="search-results">
          {data.groups.length === 0 ? (
            <p className="px-4 py-3 text-muted">{t.no_results()}</p>
          ) : (
            data.groups.map((group) => (
              <section key={group.id} aria-label={names[group.id] ?? group.label}>
                <h3 className="px-4 pt-2 text-xs font-semibold tracking-wide text-muted uppercase">{names[group.id] ?? group.label}</h3>
                <ul>
                  {group.results.map((r) => (
                    <li key={r.link + r.value}>
                      {/* only a result with a page of its own in the app is a link (a demo contact or task has none) */}
                      {r.link.startsWith('/view/') ? (
                        <Link to={r.link} onClick={() => setQuery('')} className="block px-4 py-2 hover:bg-canvas">
                          {r.value}
                          {r.detail ? <span className="block text-xs text-muted">{r.detail}</span> : null}
                        </Link>
                      ) : (
                        <span className="block px-4 py-2">{r.value}</span>
                      )}
                    </li>
                  ))}
                </ul>
              </section>
            ))
          )}
        </div>
      ) : null}
    </div>
  )
}
