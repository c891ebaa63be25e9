import { useRef } from 'react'
import { Form, useLocation, useNavigation } from 'react-router'
import { useT } from '../lib/i18n'
import { CsrfField } from '../ui/csrf-field'

export type Filial = { COD_FILIAL: number; COD_EMPRESA: number; NOME_EMPRESA: string; NOM_FILIAL: string; FLG_PRINCIPAL: 'S' | 'N' }

/** Company and branch in one select, grouped by company; submits on change (a button without JS). */
export function BranchSwitcher({ branches, current }: { branches: Filial[]; current: { COD_EMPRESA: number; COD_FILIAL: number } | null }) {
  const t = useT()
  const location = useLocation()
  const navigation = useNavigation()
  const form = useRef<HTMLFormElement>(null)
  const companies = [...new Map(branches.map((b) => [b.COD_EMPRESA, b.NOME_EMPRESA])).entries()]
  if (branches.length === 0) return <p className="text-sm text-muted">{t.switcher_empty()}</p>
  return (
    <Form method="post" action="/resources/switch-branch" ref={form} className="flex items-center gap-2">
      <CsrfField />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <label htmlFor="branch-switcher" className="sr-only">
        {t.switcher_label()}
      </label>
      <select
        id="branch-switcher"
        name="branch"
        defaultValue={current ? `${current.COD_EMPRESA}:${current.COD_FILIAL}` : undefined}
        key={current ? `${current.COD_EMPRESA}:${current.COD_FILIAL}` : 'none'}
        disabled={navigation.state === 'submitting'}
        onChange={() => form.current?.requestSubmit()}
        className="max-w-56 min-h-10 rounded-md border border-line bg-surface px-2 text-sm sm:max-w-80"
      >
        {companies.map(([empresa, name]) => (
          <optgroup key={empresa} label={name}>
            {branches
              .filter((b) => b.COD_EMPRESA === empresa)
              .map((b) => (
                <option key={b.COD_FILIAL} value={`${b.COD_EMPRESA}:${b.COD_FILIAL}`}>
                  {`${b.NOME_EMPRESA} — ${b.NOM_FILIAL}`}
                </option>
              ))}
          </optgroup>
        ))}
      </select>
      <noscript>
        <button type="submit" className="rounded-md border px-2 py-1 text-sm">
          {t.switcher_apply()}
        </button>
      </noscript>
    </Form>
  )
}
