import { Link } from 'react-router'
import { useT } from '../lib/i18n'

/** Home / group / page, for every module page. */
export function Breadcrumb({ group, title }: { group: 'field' | 'money' | 'admin'; title: string }) {
  const t = useT()
  return (
    <nav aria-label={t.breadcrumb()} className="text-sm text-muted">
      <ol className="flex flex-wrap gap-2">
        <li>
          <Link to="/view/home" className="underline">
            {t.nav_home()}
          </Link>
        </li>
        <li aria-hidden="true">/</li>
        <li>{(t[`group_${group}`] as () => string)()}</li>
        <li aria-hidden="true">/</li>
        <li aria-current="page" className="font-medium text-ink">
          {title}
        </li>
      </ol>
    </nav>
  )
}
