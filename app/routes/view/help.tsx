import { useId, useState } from 'react'
import { Link } from 'react-router'
import type { Route } from './+types/help'
import { atLeast } from '../../../domain/access.ts'
import { searchable } from '../../../domain/search-text.ts'
import { HELP, type HelpSection } from '../../features/help/content'
import { helpParts, helpText } from '../../features/help/parts'
import { useFrame, useMayOpen } from '../../layouts/frame/frame-context'
import { requestLocale } from '../../lib/cookies.server'
import { titled, useT } from '../../lib/i18n'

export const meta = titled('help_title')

/**
 * Help inside the app: the product's own questions and answers in the reader's language
 * (app/features/help/, docs/shell.md "The in-app help"), each linking to the screen it names.
 * Only the reader's language is sent; a change of language loads the page's data again.
 */
export function loader({ request }: Route.LoaderArgs) {
  return { sections: HELP[requestLocale(request)] }
}

/** The sections holding only the questions whose question or answer has every word typed (case and accents aside). */
function matching(sections: readonly HelpSection[], query: string) {
  const words = searchable(query).split(/\s+/).filter(Boolean)
  if (!words.length) return sections
  return sections
    .map((section) => ({
      ...section,
      questions: section.questions.filter((q) => {
        const text = searchable([q.question, ...q.answer.map(helpText)].join(' '))
        return words.every((w) => text.includes(w))
      }),
    }))
    .filter((section) => section.questions.length > 0)
}

/**
 * Whether the reader may follow a link of the help: a page he has no access to, or a new record
 * of a page he may only read, would answer 403, so its words stay plain text.
 */
function useMayFollow() {
  const mayOpen = useMayOpen()
  const { pages } = useFrame()
  return (to: string) => {
    if (!mayOpen(to)) return false
    const creates = /^\/view\/(\w+)\/new$/.exec(to)?.[1]
    return !creates || atLeast(pages.find((p) => p.module === creates)?.level ?? 'none', 'edit')
  }
}

function Answer({ paragraph, mayFollow }: { paragraph: string; mayFollow: (to: string) => boolean }) {
  return (
    <p>
      {helpParts(paragraph).map((part, i) =>
        part.to && mayFollow(part.to) ? (
          <Link key={i} to={part.to} className="font-medium text-accent underline underline-offset-2">
            {part.text}
          </Link>
        ) : (
          part.text
        ),
      )}
    </p>
  )
}

export default function HelpPage({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const [query, setQuery] = useState('')
  const searchId = useId()
  const mayFollow = useMayFollow()
  const sections = matching(loaderData.sections, query)
  return (
    <section className="flex max-w-3xl flex-col gap-6">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-extrabold tracking-tight">{t.help_title()}</h1>
        <p className="text-ink-soft">{t.help_intro()}</p>
      </header>
      <div className="flex flex-col gap-1" role="search">
        <label htmlFor={searchId} className="text-sm font-medium text-ink-soft">
          {t.help_search()}
        </label>
        <input
          id={searchId}
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          className="field-control"
        />
      </div>
      {query.trim() ? null : (
        <nav aria-label={t.help_sections()}>
          <ul className="flex flex-wrap gap-x-4 gap-y-2">
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#help-${section.id}`} className="font-medium text-accent underline underline-offset-2">
                  {section.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {sections.length === 0 ? (
        <p className="text-muted" role="status">
          {t.help_no_match()}
        </p>
      ) : null}
      {sections.map((section) => (
        <section
          key={section.id}
          aria-labelledby={`help-${section.id}`}
          className="flex scroll-mt-24 flex-col gap-2"
          data-testid="help-section"
        >
          <h2 id={`help-${section.id}`} className="scroll-mt-24 text-lg font-semibold">
            {section.title}
          </h2>
          <ul className="divide-y divide-line rounded-xl border border-line bg-surface">
            {section.questions.map((q) => (
              <li key={q.id}>
                <details className="group px-4 py-3" open={query.trim() ? true : undefined}>
                  <summary className="cursor-pointer font-medium focus-visible:outline-2 focus-visible:outline-primary-600">
                    {q.question}
                  </summary>
                  <div className="flex flex-col gap-2 pt-2 text-ink-soft">
                    {q.answer.map((paragraph, i) => (
                      <Answer key={i} paragraph={paragraph} mayFollow={mayFollow} />
                    ))}
                  </div>
                </details>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </section>
  )
}
