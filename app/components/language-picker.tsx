import { useRef } from 'react'
import { Form, useLocation } from 'react-router'
import { LOCALES, useLocale, useT } from '../lib/i18n'
import { CsrfField } from '../ui/csrf-field'

export function LanguagePicker() {
  const t = useT()
  const locale = useLocale()
  const location = useLocation()
  const form = useRef<HTMLFormElement>(null)
  const names = { en: t.lang_en(), es: t.lang_es(), pt: t.lang_pt() }
  return (
    <Form method="post" action="/resources/language" ref={form} className="flex items-center gap-2">
      <CsrfField />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <label htmlFor="language-picker" className="sr-only">
        {t.language_label()}
      </label>
      <select
        id="language-picker"
        name="locale"
        defaultValue={locale}
        key={locale}
        onChange={() => form.current?.requestSubmit()}
        className="min-h-10 rounded-md border border-line bg-surface px-2 text-sm"
      >
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {names[l]}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className="rounded-md border px-2 py-1 text-sm">
          {t.language_apply()}
        </button>
      </noscript>
    </Form>
  )
}
