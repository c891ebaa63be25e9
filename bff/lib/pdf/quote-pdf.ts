import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFImage, type PDFPage } from '@cantoo/pdf-lib'
import { CULTURES, type Culture } from '../../../domain/cultures.ts'
import { formatDay } from '../../../domain/dates.ts'
import { formatMoney } from '../../../domain/money.ts'
import type { PublicQuote } from '../../../domain/schemas/quotes.ts'
import { drawable, wrap } from './text.ts'

/** A quote as printed: what its client sees on the link, with the day it was made and the logo's bytes. */
export type QuoteDocument = PublicQuote & { issued: string; logo: Uint8Array | null }

// The document's words in the client's language (a printed page has its own short labels).
const LABELS: Record<
  Culture,
  Record<
    | 'title'
    | 'issued'
    | 'validUntil'
    | 'client'
    | 'description'
    | 'qty'
    | 'unitPrice'
    | 'discount'
    | 'tax'
    | 'total'
    | 'subtotal'
    | 'discounts'
    | 'taxes'
    | 'terms'
    | 'approvedBy'
    | 'optional',
    string
  > & { page: (i: number, n: number) => string }
> = {
  en: {
    title: 'QUOTE',
    issued: 'Issued',
    validUntil: 'Valid until',
    client: 'Client',
    description: 'Description',
    optional: 'optional, not chosen',
    qty: 'Qty',
    unitPrice: 'Unit price',
    discount: 'Disc. %',
    tax: 'Tax %',
    total: 'Total',
    subtotal: 'Subtotal',
    discounts: 'Discounts',
    taxes: 'Taxes',
    terms: 'Terms',
    approvedBy: 'Approved by',
    page: (i, n) => `Page ${i} of ${n}`,
  },
  es: {
    title: 'COTIZACIÓN',
    issued: 'Emitida',
    validUntil: 'Válida hasta',
    client: 'Cliente',
    description: 'Descripción',
    optional: 'opcional, no elegido',
    qty: 'Cant.',
    unitPrice: 'Precio unit.',
    discount: 'Dto. %',
    tax: 'Imp. %',
    total: 'Total',
    subtotal: 'Subtotal',
    discounts: 'Descuentos',
    taxes: 'Impuestos',
    terms: 'Condiciones',
    approvedBy: 'Aprobada por',
    page: (i, n) => `Página ${i} de ${n}`,
  },
  pt: {
    title: 'ORÇAMENTO',
    issued: 'Emissão',
    validUntil: 'Válido até',
    client: 'Cliente',
    description: 'Descrição',
    optional: 'opcional, não escolhido',
    qty: 'Qtd.',
    unitPrice: 'Preço unit.',
    discount: 'Desc. %',
    tax: 'Imp. %',
    total: 'Total',
    subtotal: 'Subtotal',
    discounts: 'Descontos',
    taxes: 'Impostos',
    terms: 'Condições',
    approvedBy: 'Aprovado por',
    page: (i, n) => `Página ${i} de ${n}`,
  },
}

const A4: [number, number] = [595.28, 841.89]
const MARGIN = 40
const GREY = rgb(0.4, 0.4, 0.4)
const LIGHT = rgb(0.85, 0.85, 0.85)
const BLACK = rgb(0, 0, 0)

async function embedLogo(doc: PDFDocument, bytes: Uint8Array | null): Promise<PDFImage | undefined> {
  if (!bytes || bytes.length < 8) return undefined
  try {
    if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47)
      return await doc.embedPng(bytes)
    if (bytes[0] === 0xff && bytes[1] === 0xd8) return await doc.embedJpg(bytes)
  } catch {
    // a logo that cannot be read: the document goes out without it
  }
  return undefined
}

/**
 * A quote as an A4 PDF (docs/domain.md: print with the company's logo, in the client's culture): the
 * standard fonts (no font files: it runs on Node, Workers and Deno alike), the lines' table
 * repeated on each page it flows to, totals kept together, page numbers in the footer.
 */
export async function renderQuotePdf(quote: QuoteDocument): Promise<Uint8Array<ArrayBuffer>> {
  const L = LABELS[quote.culture]
  const locale = CULTURES[quote.culture]
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Helvetica)
  const bold = await doc.embedFont(StandardFonts.HelveticaBold)
  const logo = await embedLogo(doc, quote.logo)
  doc.setTitle(drawable(`${L.title} ${quote.number} - ${quote.company.name}`, font))
  doc.setAuthor(drawable(quote.company.name, font))
  doc.setLanguage(locale)
  doc.setCreator('Fieldwise')
  doc.setProducer('Fieldwise')

  const money = (cents: number) => drawable(formatMoney(cents, quote.currency, quote.culture), font)
  const quantity = new Intl.NumberFormat(locale, { maximumFractionDigits: 3 })
  const percent = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 })
  const date = (iso: string) => drawable(formatDay(iso, locale, 'numeric'), font)

  const [W, H] = A4
  const right = W - MARGIN
  const pages: PDFPage[] = []
  let page!: PDFPage
  let y = 0
  const text = (s: string, x: number, at: number, size = 10, f: PDFFont = font, color = BLACK) =>
    page.drawText(s, { x, y: at, size, font: f, color })
  const textRight = (s: string, xRight: number, at: number, size = 10, f: PDFFont = font, color = BLACK) =>
    page.drawText(s, { x: xRight - f.widthOfTextAtSize(s, size), y: at, size, font: f, color })

  // description | qty | unit price | disc. | tax | total
  const widths = [0, 45, 80, 48, 48, 85]
  widths[0] = W - 2 * MARGIN - widths.slice(1).reduce((a, b) => a + b, 0)
  const columnX = widths.reduce<number[]>((xs, w, i) => [...xs, i === 0 ? MARGIN : xs[i - 1] + widths[i - 1]], [])
  const headings = [L.description, L.qty, L.unitPrice, L.discount, L.tax, L.total]
  const PAD = 4
  const SIZE = 9
  const LINE = 11.5
  const FOOTER = MARGIN + 20

  const newPage = () => {
    page = doc.addPage(A4)
    pages.push(page)
    y = H - MARGIN
  }
  const room = (height: number, onBreak?: () => void) => {
    if (y - height < FOOTER) {
      newPage()
      onBreak?.()
    }
  }
  const tableHeader = () => {
    const at = y - SIZE - 2
    page.drawRectangle({ x: MARGIN, y: at - 5, width: W - 2 * MARGIN, height: SIZE + 10, color: rgb(0.93, 0.93, 0.93) })
    headings.forEach((h, i) =>
      i === 0
        ? text(drawable(h, bold), columnX[i] + PAD, at, SIZE, bold)
        : textRight(drawable(h, bold), columnX[i] + widths[i] - PAD, at, SIZE, bold),
    )
    y = at - 10
  }

  // the company, the document's number and dates
  newPage()
  let headerBottom = y
  let nameX = MARGIN
  if (logo) {
    const { width, height } = logo.scaleToFit(Math.min(120, logo.width), Math.min(60, logo.height))
    page.drawImage(logo, { x: MARGIN, y: y - height, width, height })
    nameX = MARGIN + width + 12
    headerBottom = Math.min(headerBottom, y - height)
  }
  const nameWidth = right - 200 - nameX
  let nameY = y - 14
  for (const line of wrap(drawable(quote.company.name, bold), bold, 14, nameWidth)) {
    text(line, nameX, nameY, 14, bold)
    nameY -= 16
  }
  for (const detail of [
    [quote.company.legalName, quote.company.taxId].filter(Boolean).join(' · '),
    quote.company.address,
    [quote.company.email, quote.company.phone].filter(Boolean).join(' · '),
  ].filter(Boolean)) {
    for (const line of wrap(drawable(detail, font), font, 8.5, nameWidth)) {
      text(line, nameX, nameY + 4, 8.5, font, GREY)
      nameY -= 10.5
    }
  }
  headerBottom = Math.min(headerBottom, nameY)
  textRight(drawable(L.title, bold), right, y - 16, 18, bold)
  textRight(drawable(quote.number, bold), right, y - 34, 11, bold)
  textRight(drawable(`${L.issued}: ${date(quote.issued)}`, font), right, y - 48, 9)
  textRight(drawable(`${L.validUntil}: ${date(quote.validUntil)}`, font), right, y - 60, 9)
  y = Math.min(headerBottom, y - 66) - 14
  page.drawLine({ start: { x: MARGIN, y }, end: { x: right, y }, thickness: 0.7, color: LIGHT })
  y -= 18

  // the client
  text(drawable(`${L.client}:`, bold), MARGIN, y, 10, bold)
  y -= 13
  for (const line of wrap(drawable(quote.clientName, bold), bold, 11, W - 2 * MARGIN)) {
    text(line, MARGIN, y, 11, bold)
    y -= 13
  }
  for (const detail of [quote.clientTaxId, quote.serviceAddress].filter(Boolean)) {
    for (const line of wrap(drawable(detail, font), font, 10, W - 2 * MARGIN)) {
      text(line, MARGIN, y, 10)
      y -= 12
    }
  }
  y -= 14

  // the lines
  tableHeader()
  for (const line of quote.lines) {
    // an optional line not chosen is offered, not counted (domain/document-lines.ts)
    const shown = line.optional && !line.chosen ? `${line.description} (${L.optional})` : line.description
    const description = wrap(drawable(shown, font, true), font, SIZE, widths[0] - 2 * PAD)
    const cells = [
      '',
      drawable(quantity.format(line.quantity), font),
      money(line.unitPrice),
      drawable(percent.format(line.discountPercent), font),
      drawable(percent.format(line.taxPercent), font),
      money(line.total),
    ]
    const height = description.length * LINE + 3
    if (height <= H - MARGIN - FOOTER - 30) room(height, tableHeader)
    description.forEach((part, i) => {
      room(LINE, tableHeader)
      y -= LINE
      text(part, columnX[0] + PAD, y + 2.5, SIZE)
      if (i === 0) cells.forEach((cell, c) => c > 0 && textRight(cell, columnX[c] + widths[c] - PAD, y + 2.5, SIZE))
    })
    y -= 3
    page.drawLine({ start: { x: MARGIN, y: y + 1 }, end: { x: right, y: y + 1 }, thickness: 0.4, color: LIGHT })
  }

  // the totals, kept together
  const totals: Array<[string, string, boolean]> = [
    [L.subtotal, money(quote.totals.subtotal), false],
    ...(quote.totals.discount
      ? [[L.discounts, money(-quote.totals.discount), false] as [string, string, boolean]]
      : []),
    [L.taxes, money(quote.totals.tax), false],
    [L.total, money(quote.totals.total), true],
  ]
  y -= 8
  room(totals.length * 15 + 6)
  const labelRight = right - widths[5] - 10
  for (const [label, value, strong] of totals) {
    const f = strong ? bold : font
    const size = strong ? 11 : 10
    y -= 15
    if (strong)
      page.drawLine({
        start: { x: labelRight - 110, y: y + 12 },
        end: { x: right, y: y + 12 },
        thickness: 0.7,
        color: BLACK,
      })
    textRight(drawable(label, f), labelRight, y, size, f)
    textRight(value, right - PAD, y, size, f)
  }
  y -= 24
  if (quote.decision && (quote.state === 'approved' || quote.state === 'converted')) {
    room(14)
    text(drawable(`${L.approvedBy}: ${quote.decision.name} · ${date(quote.decision.at)}`, bold), MARGIN, y, 10, bold)
    y -= 20
  }
  if (quote.terms.trim()) {
    room(28)
    text(drawable(L.terms, bold), MARGIN, y, 10, bold)
    y -= 13
    for (const line of wrap(drawable(quote.terms, font, true), font, 9, W - 2 * MARGIN)) {
      room(11)
      text(line, MARGIN, y, 9)
      y -= 11
    }
  }

  pages.forEach((p, i) => {
    page = p
    textRight(
      drawable(`${quote.company.name} · ${L.title} ${quote.number} · ${L.page(i + 1, pages.length)}`, font),
      right,
      MARGIN - 10,
      8,
      font,
      GREY,
    )
  })
  return (await doc.save()) as Uint8Array<ArrayBuffer>
}
