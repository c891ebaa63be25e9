import { Link } from 'react-router'
import type { z } from 'zod'
import type { techOrderRow } from '../../../domain/schemas/appointments.ts'
import { dateTimeFormat, numberFormat } from '../../../domain/intl.ts'
import { useFrame } from '../../layouts/frame/frame-context'
import { useLocale, useT } from '../../lib/i18n'
import { durationText, VisitStatus } from './visit-status'

/**
 * An order's visits as its page shows them (docs/domain.md cd_techorders: the order shows the work
 * done): each technician's times and time on site, the checklist, the report, the parts used, the
 * photos and the client's signature, each visit opening its own screen.
 */
export function VisitRecords({ rows }: { rows: Array<Record<string, unknown>> }) {
  const t = useT()
  const locale = useLocale()
  const { timeZone } = useFrame()
  const when = dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone })
  const time = dateTimeFormat(locale, { timeStyle: 'short', timeZone })
  const number = numberFormat(locale, { maximumFractionDigits: 3 })
  // the rows as the list answered them (the page's loader read them with this schema)
  const visits = rows as Array<z.output<typeof techOrderRow>>
  return (
    <section aria-labelledby="order-visits" className="flex flex-col gap-3" data-testid="order-visits">
      <h2 id="order-visits" className="text-lg font-bold">
        {t.order_visits()}
      </h2>
      {visits.length === 0 ? <p className="text-sm text-muted">{t.admin_empty()}</p> : null}
      {visits.map((v) => (
        <article
          key={v.id}
          className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4"
          data-testid="order-visit"
        >
          <header className="flex flex-wrap items-center gap-3">
            <Link to={`/view/cd_techorders/${v.id}`} className="record-link font-semibold">
              {when.format(new Date(v.start))} · {v.technicianName}
            </Link>
            <VisitStatus status={v.status} />
          </header>
          {v.times.on_site || v.times.done ? (
            <p className="text-sm">
              {[
                v.times.on_site ? `${t.visit_on_site()} ${time.format(new Date(v.times.on_site))}` : '',
                v.times.done ? `${t.visit_done()} ${time.format(new Date(v.times.done))}` : '',
                `${t.visit_on_site_time()}: ${durationText(t, v.minutesOnSite)}`,
              ]
                .filter(Boolean)
                .join(' · ')}
            </p>
          ) : null}
          {v.reason ? <p className="text-sm">{t.visit_reason({ reason: v.reason })}</p> : null}
          {v.checklist.length ? (
            <ul className="flex flex-col gap-0.5 text-sm" aria-label={t.visit_checklist()}>
              {v.checklist.map((c, i) => (
                <li key={i}>
                  <span aria-hidden="true">{c.done ? '☑' : '☐'}</span> {c.item}
                  <span className="sr-only"> ({c.done ? t.visit_item_done() : t.visit_item_open()})</span>
                </li>
              ))}
            </ul>
          ) : null}
          {v.report ? (
            <div className="text-sm">
              <p className="font-semibold">{t.visit_report()}</p>
              <p className="whitespace-pre-line">{v.report}</p>
            </div>
          ) : null}
          {v.parts.length ? (
            <div className="text-sm">
              <p className="font-semibold">{t.visit_parts()}</p>
              <ul>
                {v.parts.map((p) => (
                  <li key={p.id}>
                    {number.format(p.quantity)} × {p.name}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {v.photos.length ? (
            <ul className="flex flex-wrap gap-2" aria-label={t.visit_photos()}>
              {v.photos.map((p) => (
                <li key={p.id}>
                  <a href={p.url} target="_blank" rel="noreferrer">
                    <img
                      src={p.thumbnailUrl}
                      alt={t.visit_photo_alt({ label: t[`photo_${p.label}`]() })}
                      className="size-20 rounded-lg border border-line object-cover"
                      loading="lazy"
                    />
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
          {v.signature ? (
            <figure className="flex flex-col gap-1 text-sm" data-testid="order-signature">
              <img
                src={v.signature.url}
                alt={t.visit_signature_alt({ name: v.signature.name })}
                className="h-24 w-64 rounded-lg border border-line bg-white object-contain"
              />
              <figcaption>{t.visit_signature_alt({ name: v.signature.name })}</figcaption>
            </figure>
          ) : null}
        </article>
      ))}
    </section>
  )
}
