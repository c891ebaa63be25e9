import type { Route } from './+types/help'
import { apiClient } from '../../lib/api.server'
import { titled, useT } from '../../lib/i18n'

export const meta = titled('help_title')

/** Help inside the app (issue 17 §1): the company's frequently asked questions, by category. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const res = await apiClient(request, context).apps['help-center'].faqs.$get({ query: {} })
  return { categories: res.ok ? await res.json() : [] }
}

export default function HelpPage({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const categories = loaderData.categories.filter((c) => c.faqs.length > 0)
  return (
    <section className="flex max-w-3xl flex-col gap-6">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-extrabold tracking-tight">{t.help_title()}</h1>
        <p className="text-ink-soft">{t.help_intro()}</p>
      </header>
      {categories.length === 0 ? <p className="text-muted">{t.help_empty()}</p> : null}
      {categories.map((category) => (
        <section key={category.id} aria-labelledby={`help-${category.slug}`} className="flex flex-col gap-2">
          <h2 id={`help-${category.slug}`} className="text-lg font-semibold">
            {category.title}
          </h2>
          <ul className="divide-y divide-line rounded-xl border border-line bg-surface">
            {category.faqs.map((faq) => (
              <li key={faq.id}>
                <details className="group px-4 py-3">
                  <summary className="cursor-pointer font-medium focus-visible:outline-2 focus-visible:outline-primary-600">
                    {faq.question}
                  </summary>
                  <p className="pt-2 text-ink-soft">{faq.answer}</p>
                </details>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </section>
  )
}
