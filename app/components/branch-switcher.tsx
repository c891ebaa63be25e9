import { useT } from '../lib/i18n'
import { SelectForm } from '../ui/select-form'

export type Filial = {
  COD_FILIAL: number
  COD_EMPRESA: number
  NOME_EMPRESA: string
  NOM_FILIAL: string
  FLG_PRINCIPAL: 'S' | 'N'
}

/** Company and branch in one select, grouped by company; submits on change (a button without JS). */
export function BranchSwitcher({
  branches,
  current,
  id = 'branch-switcher',
}: {
  branches: Filial[]
  current: { COD_EMPRESA: number; COD_FILIAL: number } | null
  id?: string
}) {
  const t = useT()
  const companies = [...new Map(branches.map((b) => [b.COD_EMPRESA, b.NOME_EMPRESA])).entries()]
  if (branches.length === 0) return <p className="text-sm text-muted">{t.switcher_empty()}</p>
  return (
    <SelectForm
      action="/resources/switch-branch"
      id={id}
      name="branch"
      label={t.switcher_label()}
      applyLabel={t.switcher_apply()}
      value={current ? `${current.COD_EMPRESA}:${current.COD_FILIAL}` : undefined}
      className="max-w-56 sm:max-w-80"
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
    </SelectForm>
  )
}
