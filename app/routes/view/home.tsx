import { useRouteLoaderData } from 'react-router'
import type { ViewLayoutData } from '../../layouts/view-layout'
import { titled, useT } from '../../lib/i18n'

export const meta = titled('home_title')

export default function ViewHome() {
  const t = useT()
  const frame = useRouteLoaderData('layouts/view-layout') as ViewLayoutData
  const branch = frame.branches.find((b) => b.COD_EMPRESA === frame.current?.COD_EMPRESA && b.COD_FILIAL === frame.current?.COD_FILIAL)
  return (
    <section className="flex flex-col gap-3">
      <h1 className="text-3xl font-extrabold tracking-tight">{t.home_welcome({ name: frame.user.name })}</h1>
      <p className="text-ink-soft" data-testid="tenant">
        {branch ? t.home_tenant({ company: branch.NOME_EMPRESA, branch: branch.NOM_FILIAL }) : t.home_no_tenant()}
      </p>
    </section>
  )
}
