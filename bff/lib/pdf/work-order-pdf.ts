import { CULTURES, type Culture } from '../../../domain/cultures.ts'
import { formatDay } from '../../../domain/dates.ts'
import { withLineTotals } from '../../../domain/document-lines.ts'
import type { PHOTO_LABELS, TechOrderRow } from '../../../domain/schemas/appointments.ts'
import type { StoredOrder } from '../../../domain/schemas/orders.ts'
import { renderDocumentPdf, type PrintedCompany } from './document-pdf.ts'

/** An order as its work order prints it: its visits' work, each signature's and photo thumbnail's bytes, the logo's. */
export type WorkOrderDocument = {
  order: StoredOrder
  culture: Culture
  company: PrintedCompany
  logo: Uint8Array | null
  visits: Array<TechOrderRow & { signatureBytes: Uint8Array | null; photoBytes: Array<Uint8Array | null> }>
}

type Labels = Record<
  | 'title'
  | 'date'
  | 'problem'
  | 'visit'
  | 'onTheWay'
  | 'onSite'
  | 'done'
  | 'notCompleted'
  | 'timeOnSite'
  | 'checklist'
  | 'report'
  | 'parts'
  | 'photos'
  | 'signedBy'
  | 'warranty',
  string
> & {
  minutes: (n: number) => string
  days: (n: number) => string
  photoLabels: Record<(typeof PHOTO_LABELS)[number], string>
}

// The document's words in the client's language (a printed page has its own short labels).
const LABELS: Record<Culture, Labels> = {
  en: {
    title: 'WORK ORDER',
    date: 'Date',
    problem: 'Problem reported',
    visit: 'Visit',
    onTheWay: 'On the way',
    onSite: 'On site',
    done: 'Done',
    notCompleted: 'Not completed',
    timeOnSite: 'Time on site',
    checklist: 'Checklist',
    report: 'Work report',
    parts: 'Parts used',
    photos: 'Photos',
    photoLabels: { before: 'Before', after: 'After', other: 'Photo' },
    signedBy: 'Signed by',
    warranty: 'Warranty',
    minutes: (n) => `${n} min`,
    days: (n) => `${n} days`,
  },
  es: {
    title: 'ORDEN DE TRABAJO',
    date: 'Fecha',
    problem: 'Problema informado',
    visit: 'Visita',
    onTheWay: 'En camino',
    onSite: 'En sitio',
    done: 'Terminada',
    notCompleted: 'No completada',
    timeOnSite: 'Tiempo en sitio',
    checklist: 'Lista de verificación',
    report: 'Informe del trabajo',
    parts: 'Piezas usadas',
    photos: 'Fotos',
    photoLabels: { before: 'Antes', after: 'Después', other: 'Foto' },
    signedBy: 'Firmado por',
    warranty: 'Garantía',
    minutes: (n) => `${n} min`,
    days: (n) => `${n} días`,
  },
  pt: {
    title: 'ORDEM DE SERVIÇO',
    date: 'Data',
    problem: 'Problema relatado',
    visit: 'Visita',
    onTheWay: 'A caminho',
    onSite: 'No local',
    done: 'Concluída',
    notCompleted: 'Não concluída',
    timeOnSite: 'Tempo no local',
    checklist: 'Checklist',
    report: 'Relatório do trabalho',
    parts: 'Peças usadas',
    photos: 'Fotos',
    photoLabels: { before: 'Antes', after: 'Depois', other: 'Foto' },
    signedBy: 'Assinado por',
    warranty: 'Garantia',
    minutes: (n) => `${n} min`,
    days: (n) => `${n} dias`,
  },
}

/**
 * An order's work order as an A4 PDF for its client (docs/domain.md cd_techorders: the order shows
 * the work done), in the client's language: the order's lines (the parts used among them) and
 * totals, then each visit's times, checklist, report, parts and photos, and the client's signature.
 */
export function renderWorkOrderPdf({ order, culture, company, logo, visits }: WorkOrderDocument, signal: AbortSignal) {
  const L = LABELS[culture]
  const locale = CULTURES[culture]
  const time = new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone: order.timeZone })
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short', timeZone: order.timeZone })
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 3 })
  const at = (iso: string | undefined) => (iso ? time.format(new Date(iso)) : '')
  return renderDocumentPdf(signal, {
    culture,
    company,
    logo,
    title: L.title,
    number: order.number,
    dates: [`${L.date}: ${formatDay(order.createdAt, locale, 'numeric')}`],
    client: { name: order.clientName, details: [order.clientTaxId, order.serviceAddress] },
    lines: withLineTotals(order.lines),
    currency: order.currency,
    totals: order.totals,
    sections: [
      ...(order.problem ? [{ heading: L.problem, lines: [order.problem] }] : []),
      ...visits.flatMap((v) => [
        {
          heading: `${L.visit}: ${when.format(new Date(v.start))} · ${v.technicianName}`,
          lines: [
            [
              v.times.en_route ? `${L.onTheWay} ${at(v.times.en_route)}` : '',
              v.times.on_site ? `${L.onSite} ${at(v.times.on_site)}` : '',
              v.times.done ? `${L.done} ${at(v.times.done)}` : '',
              v.times.could_not_complete ? `${L.notCompleted}: ${v.reason}` : '',
              v.clock.length ? `${L.timeOnSite}: ${L.minutes(v.minutesOnSite)}` : '',
            ]
              .filter(Boolean)
              .join(' · '),
            ...(v.checklist.length
              ? [`${L.checklist}:`, ...v.checklist.map((c) => `${c.done ? '[x]' : '[  ]'} ${c.item}`)]
              : []),
            ...(v.report ? [`${L.report}: ${v.report}`] : []),
            ...(v.parts.length
              ? [`${L.parts}: ${v.parts.map((p) => `${number.format(p.quantity)} × ${p.name}`).join('; ')}`]
              : []),
            ...(v.photos.length ? [`${L.photos}:`] : []),
          ].filter(Boolean),
          // the photos as their thumbnails, each captioned before / after and its time
          gallery: v.photos.map((photo, p) => ({
            bytes: v.photoBytes[p] ?? null,
            caption: `${L.photoLabels[photo.label]} · ${at(photo.at)}`,
          })),
          ...(v.signature && v.signatureBytes
            ? {
                image: {
                  bytes: v.signatureBytes,
                  caption: `${L.signedBy}: ${v.signature.name} · ${when.format(new Date(v.signature.at))}`,
                },
              }
            : {}),
        },
      ]),
      ...(order.warrantyDays ? [{ lines: [`${L.warranty}: ${L.days(order.warrantyDays)}`] }] : []),
    ],
  })
}
