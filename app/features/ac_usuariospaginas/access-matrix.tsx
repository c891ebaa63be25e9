import { Form, useNavigation } from 'react-router'
import { useT, type Translator } from '../../lib/i18n'
import { CsrfField } from '../../ui/csrf-field'
import { Button, ButtonLink } from '../../ui/button'
import { StaleAlert } from '../../kit/stale-alert'

export type AccessRow = { module: string; title: string; preset: Level; level: Level }
type Level = 'none' | 'view' | 'edit' | 'delete'
const LEVELS: Level[] = ['none', 'view', 'edit', 'delete']

/** docs/domain.md ac_usuariospaginas: one user's matrix, page by page, starting from the role's preset. */
export function AccessMatrix({
  user,
  rows,
  version,
  stale,
  canEdit,
}: {
  user: { name: string; role: string }
  rows: AccessRow[]
  version: string | null
  stale: boolean
  canEdit: boolean
}) {
  const t = useT()
  const busy = useNavigation().state === 'submitting'
  const levelLabel = (level: Level) => (t[`level_${level}` as keyof Translator] as () => string)()
  return (
    <div className="flex flex-col gap-4">
      <p className="text-ink-soft">
        {t.admin_access_help({ role: (t[`role_${user.role}` as keyof Translator] as () => string)() })}
      </p>
      {stale ? <StaleAlert /> : null}
      <Form method="post" className="flex flex-col gap-4">
        <CsrfField />
        <input type="hidden" name="version" value={version ?? ''} />
        <div className="overflow-x-auto rounded-xl border border-line bg-surface">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-line bg-canvas text-ink-soft">
              <tr>
                <th scope="col" className="px-4 py-3">
                  {t.admin_access_page()}
                </th>
                <th scope="col" className="px-4 py-3">
                  {t.admin_access_preset()}
                </th>
                <th scope="col" className="px-4 py-3">
                  {t.admin_access_level()}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.module} className="border-b border-line last:border-0">
                  <th scope="row" className="px-4 py-2 font-medium">
                    {row.title}
                  </th>
                  <td className="px-4 py-2 text-muted">{levelLabel(row.preset)}</td>
                  <td className="px-4 py-2">
                    <select
                      name={`level:${row.module}`}
                      defaultValue={row.level}
                      disabled={!canEdit}
                      aria-label={`${t.admin_access_level()}: ${row.title}`}
                      className={`min-h-10 rounded-md border border-line bg-surface px-2 ${row.level !== row.preset ? 'font-semibold text-accent' : ''}`}
                    >
                      {LEVELS.map((level) => (
                        <option key={level} value={level}>
                          {levelLabel(level)}
                        </option>
                      ))}
                    </select>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className="flex flex-wrap gap-3">
          {canEdit ? (
            <Button type="submit" name="intent" value="levels" disabled={busy}>
              {t.save()}
            </Button>
          ) : null}
          {canEdit ? (
            <Button type="submit" name="intent" value="reset" disabled={busy} variant="secondary">
              {t.admin_access_reset()}
            </Button>
          ) : null}
          <ButtonLink to="/view/ac_usuariospaginas" variant="ghost">
            {t.admin_back_to_list()}
          </ButtonLink>
        </div>
      </Form>
      <p className="text-sm text-muted">{user.name}</p>
    </div>
  )
}
