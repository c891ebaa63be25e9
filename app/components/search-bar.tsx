import { useEffect, useId, useState } from 'react'
import { Link, useFetcher, useNavigate } from 'react-router'
import { useT } from '../lib/i18n'
import type { loader } from '../routes/resources/search'
import { SHEET } from './popover'

/** docs/shell.md §5: search from 2 characters, 300 ms after the last key; shorter input clears. */
export const SEARCH_MIN_LENGTH = 2
export const SEARCH_DEBOUNCE_MS = 300

/**
 * The header search as a combobox (WAI-ARIA APG): the results are a listbox of options grouped by
 * kind; Arrow keys move the active option (aria-activedescendant), Enter opens it, Escape closes.
 * A search that finds nothing says so in a status beside the box (docs/shell.md §2 'No results found!').
 * Only records with a page of their own are offered, each once, with a second line that tells
 * two of the same name apart.
 */
export function SearchBar() {
  const t = useT()
  const id = useId()
  const navigate = useNavigate()
  const fetcher = useFetcher<typeof loader>()
  const [query, setQuery] = useState('')
  const [open, setOpen] = useState(true)
  const [active, setActive] = useState(-1)
  const long = query.trim().length >= SEARCH_MIN_LENGTH

  useEffect(() => {
    if (!long) return
    const timer = setTimeout(() => fetcher.load(`/resources/search?q=${encodeURIComponent(query)}`), SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [query, long, fetcher.load])

  const data = long && open && fetcher.data?.query === query ? fetcher.data : null
  const names: Record<string, string> = {
    clients: t.group_clients(),
    quotes: t.group_quotes(),
    pages: t.group_pages(),
    companies: t.group_companies(),
    branches: t.group_branches(),
    users: t.group_users(),
  }
  // each result once (the first group that has it), in the order shown: the arrow keys walk this list
  const seen = new Set<string>()
  const groups = (data?.groups ?? [])
    .map((group) => ({
      ...group,
      results: group.results.filter((r) => r.link.startsWith('/view/') && !seen.has(r.link) && seen.add(r.link)),
    }))
    .filter((group) => group.results.length > 0)
  const flat = groups.flatMap((group) => group.results)
  // a search that found nothing says so in a status, outside the list: a listbox holds options only
  const empty = data !== null && flat.length === 0
  const listed = data !== null && !empty
  const optionId = (n: number) => `${id}-option-${n}`
  const close = () => {
    setQuery('')
    setActive(-1)
  }
  const change = (value: string) => {
    setQuery(value)
    setOpen(true)
    setActive(-1)
  }
  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault()
      if (data) setOpen(false)
      else close()
    } else if ((e.key === 'ArrowDown' || e.key === 'ArrowUp') && flat.length > 0) {
      e.preventDefault()
      setOpen(true)
      const step = e.key === 'ArrowDown' ? 1 : -1
      setActive((n) => (n + step + flat.length + (n === -1 && step === -1 ? 1 : 0)) % flat.length)
    } else if (e.key === 'Enter' && active >= 0 && flat[active]) {
      e.preventDefault()
      navigate(flat[active].link)
      close()
    }
  }
  let n = -1
  return (
    <div className="relative w-full max-w-sm" role="search">
      <label htmlFor={id} className="sr-only">
        {t.search_label()}
      </label>
      <input
        id={id}
        type="search"
        role="combobox"
        aria-expanded={listed}
        aria-controls={`${id}-results`}
        aria-autocomplete="list"
        aria-activedescendant={listed && active >= 0 ? optionId(active) : undefined}
        aria-describedby={`${id}-hint`}
        value={query}
        onChange={(e) => change(e.target.value)}
        onKeyDown={onKeyDown}
        placeholder={t.search_placeholder()}
        autoComplete="off"
        className="min-h-10 w-full rounded-full border border-line bg-surface px-4 text-sm"
      />
      {/* below two letters nothing is searched: the user is told so */}
      <p
        id={`${id}-hint`}
        className={query.trim().length === 1 ? `${SHEET} px-4 py-3 text-sm text-muted sm:w-full` : 'sr-only'}
        data-testid={query.trim().length === 1 ? 'search-hint' : undefined}
      >
        {t.search_hint()}
      </p>
      {/* there while a search is typed, so that what it says when the answer comes is announced */}
      {long ? (
        <p
          role="status"
          className={empty ? `${SHEET} px-4 py-3 text-muted sm:w-full` : 'sr-only'}
          data-testid={empty ? 'search-empty' : undefined}
        >
          {empty ? t.no_results() : null}
        </p>
      ) : null}
      <div
        id={`${id}-results`}
        role="listbox"
        aria-label={t.search_label()}
        hidden={!listed}
        className={`${SHEET} py-2 sm:max-h-96 sm:w-full`}
        data-testid={listed ? 'search-results' : undefined}
      >
        {listed &&
          groups.map((group) => (
            <div key={group.id} role="group" aria-labelledby={`${id}-${group.id}`}>
              <div
                id={`${id}-${group.id}`}
                role="presentation"
                className="px-4 pt-2 text-xs font-semibold tracking-wide text-muted uppercase"
              >
                {names[group.id] ?? group.label}
              </div>
              {group.results.map((r) => {
                n++
                const index = n
                return (
                  <Link
                    key={r.link}
                    id={optionId(index)}
                    role="option"
                    aria-selected={index === active}
                    to={r.link}
                    tabIndex={-1}
                    onClick={close}
                    onMouseEnter={() => setActive(index)}
                    className={`block px-4 py-2 ${index === active ? 'bg-primary-100 text-primary-900' : 'hover:bg-canvas'}`}
                  >
                    {r.value}
                    {'detail' in r && r.detail ? <span className="block text-xs text-muted">{r.detail}</span> : null}
                  </Link>
                )
              })}
            </div>
          ))}
      </div>
    </div>
  )
}
