import { useId } from 'react'
import { useT } from '../../lib/i18n'
import { PhotoAdd } from '../../ui/photo-add'

/** A visit's photo (docs/domain.md cd_techorders), labelled before, after or other. */
export function VisitPhotoAdd({
  visitId,
  version,
  refused = null,
}: {
  visitId: string
  version: string
  /** Why the photo last sent without scripts was refused, in the user's language. */
  refused?: string | null
}) {
  const t = useT()
  const labelId = useId()
  return (
    <PhotoAdd
      action={`/resources/visit-files/${encodeURIComponent(visitId)}`}
      fields={{ kind: 'photo', version }}
      refused={refused}
    >
      <label htmlFor={labelId} className="text-sm font-medium text-ink-soft">
        {t.visit_photo_label()}
      </label>
      <select
        id={labelId}
        name="label"
        defaultValue="before"
        className="min-h-12 rounded-lg border border-line bg-surface px-3 text-base"
      >
        {(['before', 'after', 'other'] as const).map((l) => (
          <option key={l} value={l}>
            {t[`photo_${l}`]()}
          </option>
        ))}
      </select>
    </PhotoAdd>
  )
}
