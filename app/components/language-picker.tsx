import { LOCALES, useLocale, useT } from '../lib/i18n'
import { SelectForm } from '../ui/select-form'

export function LanguagePicker({ id = 'language-picker' }: { id?: string }) {
  const t = useT()
  const locale = useLocale()
  const names = { en: t.lang_en(), es: t.lang_es(), pt: t.lang_pt() }
  return (
    <SelectForm
      action="/resources/language"
      id={id}
      name="locale"
      label={t.language_label()}
      applyLabel={t.language_apply()}
      value={locale}
    >
      {LOCALES.map((l) => (
        <option key={l} value={l} lang={l}>
          {names[l]}
        </option>
      ))}
    </SelectForm>
  )
}
