import { Link, useSearchParams } from 'react-router'
import { Breadcrumb } from '../components/breadcrumb'
import { buttonClass } from '../ui/button'
import { Alert } from '../ui/alert'
import { Badge } from '../ui/badge'
import { CopyField } from '../ui/copy-field'
import { useT } from '../lib/i18n'
import type { PageInfo } from '../lib/page-info.server'
import { DataTable, type ListPage } from './data-table'
import { mayCreate, type FeatureModule, type Lookups, type RecordLink } from './module'
import { ActivityList, type ActivityLine } from './activity-list'
import { RecordActions, RecordFacts, StateBadge } from './record-actions'
import { RelatedList } from './related-list'
import { FormAlert, RecordForm, type RecordValues } from './record-form'
import { RecordDocument } from './record-document'
import type { FormState, ListQuery } from './screens.server'

/** A module's page (app/features/<module>/page.tsx): its list, or one of its records. */
export function ModulePage({
  def,
  data,
  state,
}: {
  def: FeatureModule
  data:
    | ({ kind: 'list' } & Parameters<typeof ListScreen>[0]['data'])
    | ({ kind: 'record' } & Parameters<typeof RecordScreen>[0]['data'])
  state: FormState
}) {
  return data.kind === 'list' ? (
    <ListScreen def={def} data={data} />
  ) : (
    <RecordScreen def={def} data={data} state={state} />
  )
}

/** A module's list: title, breadcrumb and the data table. */
export function ListScreen({
  def,
  data,
}: {
  def: FeatureModule
  data: { page: PageInfo; query: ListQuery; list: ListPage; lookups: Lookups }
}) {
  const t = useT()
  return (
    <section className="flex flex-col gap-4">
      <Breadcrumb group={data.page.group} title={data.page.title} />
      <h1 className="text-3xl font-extrabold tracking-tight">{data.page.title}</h1>
      {data.page.level === 'view' && def.input?.create ? (
        <p className="text-sm text-muted">{t.admin_read_only()}</p>
      ) : null}
      <DataTable
        def={def}
        page={data.list}
        query={data.query}
        canCreate={mayCreate(def, data.page.level)}
        lookups={data.lookups}
      />
      {def.listPanel ? <def.listPanel level={data.page.level} /> : null}
    </section>
  )
}

/** One record of a module: its form, with save and deactivate as the user's level allows. */
export function RecordScreen({
  def,
  data,
  state,
}: {
  def: FeatureModule
  data: {
    page: PageInfo
    isNew: boolean
    values: RecordValues
    version: string | null
    confirming: boolean
    warning: Array<{ name: string; email: string }>
    lookups: Lookups
    activity: ActivityLine[] | null
    related: Array<Array<Record<string, unknown>> | null>
    links: RecordLink[]
  }
  state: FormState
}) {
  const t = useT()
  const { page } = data
  const name = String(data.values[def.nameKey] ?? '')
  const canEdit = page.level === 'edit' || page.level === 'delete'
  const editable = canEdit && (data.isNew || !def.editable || def.editable(data.values))
  // a document no longer open to changes (to this user) reads as one; the form only while it may be
  // edited, and then, in the states it reads as a document first, only once asked for (`?edit=1`)
  const [params] = useSearchParams()
  const editFirst = editable && !data.isNew && def.readsAsDocument?.(data.values) === true
  const editing = editFirst && params.get('edit') === '1'
  const document = !data.isNew && (!editable || (editFirst && !editing)) && def.documentTitle ? def.documentTitle : null
  const panel =
    !data.isNew && def.panel ? (
      <def.panel values={data.values} version={data.version} level={page.level} state={state} lookups={data.lookups} />
    ) : null
  return (
    <section className="flex flex-col gap-4">
      <Breadcrumb group={page.group} title={page.title} />
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-extrabold tracking-tight">
          {data.isNew
            ? def.newTitle
              ? (t[def.newTitle] as () => string)()
              : t.admin_new_title()
            : document
              ? t[document]({ number: name })
              : t.admin_edit_title({ name })}
        </h1>
        {!data.isNew ? <StateBadge def={def} values={data.values} /> : null}
        {!data.isNew && (data.values.active === false || data.values.ACTIVE === false) ? (
          <Badge tone="neutral">{t.admin_inactive()}</Badge>
        ) : null}
      </div>
      {!data.isNew && canEdit ? <RecordActions def={def} values={data.values} version={data.version} /> : null}
      {editFirst && !editing ? (
        <Link to="?edit=1" className={buttonClass('secondary', 'self-start')}>
          {t.admin_edit()}
        </Link>
      ) : null}
      {state?.link ? (
        // an action's link to pass on (an invitation's): what happened, and the link to copy
        <div className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4 sm:max-w-2xl">
          <Alert tone="success">{(t[state.link.done] as () => string)()}</Alert>
          <CopyField
            label={(t[state.link.label] as () => string)()}
            value={state.link.url}
            copy={t.copy_link()}
            copied={t.link_copied()}
          />
        </div>
      ) : null}
      {!data.isNew ? <RecordFacts def={def} values={data.values} /> : null}
      {def.panelAfterForm ? null : panel}
      {!data.isNew
        ? data.links.map((link) => (
            <a key={link.href} href={link.href} className="self-start text-sm font-semibold text-accent underline">
              {(t[link.label] as () => string)()}
            </a>
          ))
        : null}
      {document ? (
        <>
          <FormAlert state={state?.form || state?.link ? undefined : state} />
          <RecordDocument def={def} values={data.values} lookups={data.lookups} />
        </>
      ) : (
        <RecordForm
          def={def}
          isNew={data.isNew}
          values={data.values}
          version={data.version}
          // a panel's form (an invoice's payment) shows its own errors
          state={state?.form || state?.link ? undefined : state}
          canEdit={editable}
          canDelete={page.level === 'delete'}
          confirming={data.confirming}
          warning={data.warning}
          lookups={data.lookups}
        />
      )}
      {def.panelAfterForm ? panel : null}
      {(def.related ?? []).map((spec, i) =>
        !data.related[i] || (spec.hideEmpty && !data.related[i].length) ? null : spec.view ? (
          <spec.view key={spec.title} rows={data.related[i]} />
        ) : (
          <RelatedList key={spec.title} spec={spec} rows={data.related[i]} />
        ),
      )}
      {data.activity ? <ActivityList lines={data.activity} fields={def.fields} /> : null}
    </section>
  )
}
