import { Form, useNavigation, useSearchParams } from 'react-router'
import type { z } from 'zod'
import { atLeast } from '../../../domain/access.ts'
import type { equipmentRow } from '../../../domain/schemas/equipment.ts'
import { MAX_EQUIPMENT_PHOTOS } from '../../../domain/schemas/equipment.ts'
import type { PanelProps } from '../../kit/module'
import { formatDay } from '../../../domain/dates.ts'
import { CULTURES, useLocale, useT } from '../../lib/i18n'
import { Alert } from '../../ui/alert'
import { Button } from '../../ui/button'
import { CsrfField } from '../../ui/csrf-field'
import { PanelSection } from '../../ui/panel-section'
import { PhotoAdd } from '../../ui/photo-add'

type PanelRow = Pick<z.output<typeof equipmentRow>, 'id' | 'name' | 'photos'>

/**
 * Why a photo sent without scripts, or its removal, was refused (app/routes/resources/equipment-photos.ts
 * puts its code in the address, `?photo_error=`, `?photo_remove_error=`), in the user's language:
 * named one by one, so the page carries these messages only, not every refusal's.
 */
function usePhotoRefusal(param: 'photo_error' | 'photo_remove_error'): string | null {
  const t = useT()
  const code = useSearchParams()[0].get(param)
  if (!code) return null
  const texts: Record<string, () => string> = {
    not_an_image: t.not_an_image,
    image_too_large: t.image_too_large,
    image_too_many_pixels: t.image_too_many_pixels,
    image_data_invalid: t.image_data_invalid,
    too_many_equipment_photos: t.too_many_equipment_photos,
    upload_too_big: t.upload_too_big,
    visit_photo_choose: t.visit_photo_choose,
  }
  return (texts[code] ?? t.error_unexpected)()
}

/**
 * A machine's own photos (docs/domain.md cd_equipamento): its nameplate, where it sits, each
 * opening at full size; for who may change machines, a photo to add (resized on the phone) and
 * Remove, asked again. What was wrong with a photo sent without scripts comes back in the address
 * (`?photo_error=`).
 */
export function EquipmentPhotos({ values, level }: PanelProps) {
  const t = useT()
  const culture = CULTURES[useLocale()]
  const busy = useNavigation().state === 'submitting'
  const refused = usePhotoRefusal('photo_error')
  const removeRefused = usePhotoRefusal('photo_remove_error')
  const { id, name, photos } = values as PanelRow
  const mayEdit = atLeast(level, 'edit')
  const action = `/resources/equipment-photos/${encodeURIComponent(id)}`
  return (
    <PanelSection id="equipment-photos-title" title={t.visit_photos()}>
      {removeRefused ? <Alert tone="error">{removeRefused}</Alert> : null}
      {photos.length ? (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="equipment-photos">
          {photos.map((p, i) => (
            <li key={p.id} className="flex flex-col gap-1 text-sm">
              <a href={p.url} target="_blank" rel="noreferrer">
                <img
                  src={p.thumbnailUrl}
                  alt={t.equipment_photo_alt({ n: i + 1, name })}
                  className="aspect-[4/3] w-full rounded-lg border border-line object-cover"
                  loading="lazy"
                />
              </a>
              <span className="text-ink-soft">
                {p.by} · {formatDay(p.day, culture, 'medium')}
              </span>
              {mayEdit ? (
                <details>
                  <summary
                    aria-label={`${t.visit_photo_remove()}: ${t.equipment_photo_alt({ n: i + 1, name })}`}
                    className="flex min-h-12 cursor-pointer items-center text-sm font-medium underline-offset-2 hover:underline"
                  >
                    {t.visit_photo_remove()}
                  </summary>
                  <Form method="post" action={action} className="mt-2 flex flex-col gap-2">
                    <CsrfField />
                    <input type="hidden" name="photoId" value={p.id} />
                    <p>{t.equipment_photo_remove_confirm()}</p>
                    <Button type="submit" name="intent" value="remove" variant="danger" disabled={busy}>
                      {t.equipment_photo_remove_yes()}
                    </Button>
                  </Form>
                </details>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-ink-soft">{t.visit_photos_none()}</p>
      )}
      {mayEdit && photos.length < MAX_EQUIPMENT_PHOTOS ? (
        <PhotoAdd action={action} fields={{}} refused={refused} testId="equipment-photo-form" />
      ) : null}
    </PanelSection>
  )
}
