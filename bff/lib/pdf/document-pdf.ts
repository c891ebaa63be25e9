import {
  fill,
  PDFDocument,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  rgb,
  setFillingGrayscaleColor,
  StandardFonts,
  type PDFFont,
  type PDFImage,
  type PDFPage,
} from '@cantoo/pdf-lib'
import { CULTURES, type Culture } from '../../../domain/cultures.ts'
import type { Totals } from '../../../domain/document-lines.ts'
import { PRINTED_IMAGE } from '../../../domain/images.ts'
import { formatMoney, type Currency } from '../../../domain/money.ts'
import { checkImage } from '../image-bounds.ts'
import { drawable, wrap } from './text.ts'

/** A company as its documents print it. */
export type PrintedCompany = {
  name: string
  legalName: string
  taxId: string
  address: string
  email: string
  phone: string
}

/** What every document prints alike, in the client's language: the client, the lines' table, the totals, the pages. */
const COMMON: Record<
  Culture,
  Record<
    'client' | 'description' | 'qty' | 'unitPrice' | 'discount' | 'tax' | 'total' | 'subtotal' | 'discounts' | 'taxes',
    string
  > & { page: (i: number, n: number) => string }
> = {
  en: {
    client: 'Client',
    description: 'Description',
    qty: 'Qty',
    unitPrice: 'Unit price',
    discount: 'Disc. %',
    tax: 'Tax %',
    total: 'Total',
    subtotal: 'Subtotal',
    discounts: 'Discounts',
    taxes: 'Taxes',
    page: (i, n) => `Page ${i} of ${n}`,
  },
  es: {
    client: 'Cliente',
    description: 'Descripción',
    qty: 'Cant.',
    unitPrice: 'Precio unit.',
    discount: 'Dto. %',
    tax: 'Imp. %',
    total: 'Total',
    subtotal: 'Subtotal',
    discounts: 'Descuentos',
    taxes: 'Impuestos',
    page: (i, n) => `Página ${i} de ${n}`,
  },
  pt: {
    client: 'Cliente',
    description: 'Descrição',
    qty: 'Qtd.',
    unitPrice: 'Preço unit.',
    discount: 'Desc. %',
    tax: 'Imp. %',
    total: 'Total',
    subtotal: 'Subtotal',
    discounts: 'Descontos',
    taxes: 'Impostos',
    page: (i, n) => `Página ${i} de ${n}`,
  },
}

/**
 * A business document as printed (a quote, a work order, later an invoice): the company with its
 * logo, the title and number with its dates, the client, the lines with their totals, and sections
 * after them (text, and an image such as a signature).
 */
export type PrintedDocument = {
  culture: Culture
  company: PrintedCompany
  logo: Uint8Array | null
  title: string
  number: string
  /** The lines under the number (issued, valid until ...), already worded. */
  dates: string[]
  client: { name: string; details: string[] }
  lines: Array<{
    description: string
    quantity: number
    unitPrice: number
    discountPercent: number
    taxPercent: number
    total: number
  }>
  currency: Currency
  totals: Totals
  sections: Array<{
    heading?: string
    lines: string[]
    strong?: boolean
    image?: { bytes: Uint8Array; caption: string }
    /** Small images in rows of four under the text, each with its caption (a visit's photos, as thumbnails). */
    gallery?: Array<{ bytes: Uint8Array | null; caption: string }>
    /** A QR code's modules (rows of dark or light), drawn as squares under the text (a Pix charge). */
    qr?: boolean[][]
  }>
}

/** The page and the colours every printed document uses. */
export const A4: [number, number] = [595.28, 841.89]
export const MARGIN = 40
export const GREY = rgb(0.4, 0.4, 0.4)
export const LIGHT = rgb(0.85, 0.85, 0.85)
const BLACK = rgb(0, 0, 0)

/**
 * An image's bytes embedded (PNG or JPEG), or nothing when they are neither, cannot be read, or are
 * not within what a printed image may be (domain/images.ts): pdf-lib decodes a PNG whole, on the
 * thread that answers every request, so one stored before the checks at upload is checked here.
 */
export async function embedImage(doc: PDFDocument, bytes: Uint8Array | null): Promise<PDFImage | undefined> {
  if (!bytes || bytes.length < 8 || !(await checkImage(bytes, PRINTED_IMAGE)).ok) return undefined
  try {
    if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47)
      return await doc.embedPng(bytes)
    if (bytes[0] === 0xff && bytes[1] === 0xd8) return await doc.embedJpg(bytes)
  } catch {
    // a logo that cannot be read: the document goes out without it
  }
  return undefined
}

/** A row of QR modules' runs of dark ones, each as [first, after its last]. */
function darkRuns(row: boolean[]): Array<[number, number]> {
  const runs: Array<[number, number]> = []
  row.forEach((dark, c) => {
    const last = runs.at(-1)
    if (!dark) return
    if (last && last[1] === c) last[1] = c + 1
    else runs.push([c, c + 1])
  })
  return runs
}

/**
 * The company as a printed document's head shows it, from `top` down at the left margin: its logo,
 * its name wrapped up to `rightEdge`, then its legal name and tax id, address, e-mail and phone.
 * Answers the lowest point it drew at.
 */
export function drawCompanyHead(
  page: PDFPage,
  { font, bold }: { font: PDFFont; bold: PDFFont },
  company: PrintedCompany,
  logo: PDFImage | undefined,
  top: number,
  rightEdge: number,
): number {
  let bottom = top
  let nameX = MARGIN
  if (logo) {
    const { width, height } = logo.scaleToFit(Math.min(120, logo.width), Math.min(60, logo.height))
    page.drawImage(logo, { x: MARGIN, y: top - height, width, height })
    nameX = MARGIN + width + 12
    bottom = top - height
  }
  const nameWidth = rightEdge - nameX
  let nameY = top - 14
  for (const line of wrap(drawable(company.name, bold), bold, 14, nameWidth)) {
    page.drawText(line, { x: nameX, y: nameY, size: 14, font: bold, color: BLACK })
    nameY -= 16
  }
  for (const detail of [
    [company.legalName, company.taxId].filter(Boolean).join(' · '),
    company.address,
    [company.email, company.phone].filter(Boolean).join(' · '),
  ].filter(Boolean)) {
    for (const line of wrap(drawable(detail, font), font, 8.5, nameWidth)) {
      page.drawText(line, { x: nameX, y: nameY + 4, size: 8.5, font, color: GREY })
      nameY -= 10.5
    }
  }
  return Math.min(bottom, nameY)
}

/** Lines drawn between two pauses: 20 take a few milliseconds. */
const LINES_PER_PAUSE = 20
/** Objects written between two pauses while the PDF is saved. */
export const OBJECTS_PER_PAUSE = 4

/**
 * Lets the server's other requests run (pdf-lib works on the one thread they share), then goes on
 * unless the render was given up (bff/lib/printing.ts). A timer, not a microtask: only a timer lets
 * the network in; setTimeout is there on Node, Workers and Deno alike.
 */
export async function pause(signal: AbortSignal): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 0))
  signal.throwIfAborted()
}

/**
 * A business document as an A4 PDF (docs/domain.md: print with the company's logo, in the client's
 * culture): the standard fonts (no font files: it runs on Node, Workers and Deno alike), the
 * lines' table repeated on each page it flows to, totals kept together, page numbers in the footer.
 * It pauses every LINES_PER_PAUSE lines and while it saves, and stops at the first pause once
 * `signal` aborts.
 */
export async function renderDocumentPdf(
  signal: AbortSignal,
  printed: PrintedDocument,
): Promise<Uint8Array<ArrayBuffer>> {
  const locale = CULTURES[printed.culture]
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Helvetica)
  const bold = await doc.embedFont(StandardFonts.HelveticaBold)
  const logo = await embedImage(doc, printed.logo)
  // decoding a logo is one long step of its own: the others go on before the drawing starts
  await pause(signal)
  doc.setTitle(drawable(`${printed.title} ${printed.number} - ${printed.company.name}`, font))
  doc.setAuthor(drawable(printed.company.name, font))
  doc.setLanguage(locale)
  doc.setCreator('Fieldwise')
  doc.setProducer('Fieldwise')

  const money = (cents: number) => drawable(formatMoney(cents, printed.currency, printed.culture), font)
  const quantity = new Intl.NumberFormat(locale, { maximumFractionDigits: 3 })
  const percent = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 })

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
  const L = COMMON[printed.culture]
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
  const headerBottom = drawCompanyHead(page, { font, bold }, printed.company, logo, y, right - 200)
  textRight(drawable(printed.title, bold), right, y - 16, 18, bold)
  textRight(drawable(printed.number, bold), right, y - 34, 11, bold)
  printed.dates.forEach((line, i) => textRight(drawable(line, font), right, y - 48 - i * 12, 9))
  y = Math.min(headerBottom, y - 54 - printed.dates.length * 12) - 14
  page.drawLine({ start: { x: MARGIN, y }, end: { x: right, y }, thickness: 0.7, color: LIGHT })
  y -= 18

  // the client
  text(drawable(`${L.client}:`, bold), MARGIN, y, 10, bold)
  y -= 13
  for (const line of wrap(drawable(printed.client.name, bold), bold, 11, W - 2 * MARGIN)) {
    text(line, MARGIN, y, 11, bold)
    y -= 13
  }
  for (const detail of printed.client.details.filter(Boolean)) {
    for (const line of wrap(drawable(detail, font), font, 10, W - 2 * MARGIN)) {
      text(line, MARGIN, y, 10)
      y -= 12
    }
  }
  y -= 14

  // the lines
  tableHeader()
  for (const [i, line] of printed.lines.entries()) {
    if (i % LINES_PER_PAUSE === 0) await pause(signal)
    const description = wrap(drawable(line.description, font, true), font, SIZE, widths[0] - 2 * PAD)
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
  const totals: Array<[string, number, boolean]> = [
    [L.subtotal, printed.totals.subtotal, false],
    ...(printed.totals.discount ? [[L.discounts, -printed.totals.discount, false] as [string, number, boolean]] : []),
    [L.taxes, printed.totals.tax, false],
    [L.total, printed.totals.total, true],
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
    textRight(money(value), right - PAD, y, size, f)
  }
  y -= 24

  // what follows the lines: each section's heading, text and image, a heading kept with what follows it
  for (const section of printed.sections) {
    await pause(signal)
    const image = section.image ? await embedImage(doc, section.image.bytes) : undefined
    const size = image?.scaleToFit(Math.min(220, image.width), Math.min(90, image.height))
    const qrSide = section.qr ? Math.min(130, section.qr.length * 3) : 0
    room((section.heading ? 13 : 0) + 11 + (size ? size.height + 14 : 0) + (qrSide ? qrSide + 8 : 0))
    if (section.heading) {
      text(drawable(section.heading, bold), MARGIN, y, 10, bold)
      y -= 13
    }
    const f = section.strong ? bold : font
    for (const line of section.lines.flatMap((l) => wrap(drawable(l, f, true), f, 9, W - 2 * MARGIN))) {
      room(11)
      text(line, MARGIN, y, section.strong ? 10 : 9, f)
      y -= 11
    }
    if (image && size && section.image) {
      room(size.height + 14)
      page.drawImage(image, { x: MARGIN, y: y - size.height, width: size.width, height: size.height })
      y -= size.height + 4
      page.drawLine({ start: { x: MARGIN, y }, end: { x: MARGIN + 220, y }, thickness: 0.5, color: GREY })
      y -= 10
      text(drawable(section.image.caption, font), MARGIN, y, 8.5, font, GREY)
      y -= 10
    }
    if (section.gallery?.length) {
      // four a row, each fitted in its cell; an image that cannot be printed keeps its caption
      const gap = 10
      const cell = (W - 2 * MARGIN - 3 * gap) / 4
      const tall = 90
      const shots = await Promise.all(section.gallery.map((shot) => embedImage(doc, shot.bytes)))
      for (let at = 0; at < shots.length; at += 4) {
        await pause(signal)
        room(tall + 16)
        shots.slice(at, at + 4).forEach((shot, i) => {
          const x = MARGIN + i * (cell + gap)
          if (shot) {
            const fit = shot.scaleToFit(Math.min(cell, shot.width), Math.min(tall, shot.height))
            page.drawImage(shot, { x, y: y - fit.height, width: fit.width, height: fit.height })
          } else page.drawRectangle({ x, y: y - tall, width: cell, height: tall, borderColor: LIGHT, borderWidth: 0.5 })
          text(drawable(section.gallery![at + i].caption, font), x, y - tall - 10, 8, font, GREY)
        })
        y -= tall + 16
      }
    }
    if (section.qr && qrSide) {
      room(qrSide + 8)
      const unit = qrSide / section.qr.length
      const top = y - 4
      // each row's runs of dark modules as one rectangle, filled at once: pdf-lib's drawRectangle per
      // module (some 1,200 of them) took 30-50 ms of an invoice's render, this takes 2
      const runs = section.qr.flatMap((row, r) =>
        darkRuns(row).map(([from, to]) =>
          rectangle(MARGIN + from * unit, top - (r + 1) * unit, (to - from) * unit, unit),
        ),
      )
      page.pushOperators(pushGraphicsState(), setFillingGrayscaleColor(0), ...runs, fill(), popGraphicsState())
      y = top - qrSide - 4
    }
    y -= 9
  }

  pages.forEach((p, i) => {
    page = p
    textRight(
      drawable(`${printed.company.name} · ${printed.title} ${printed.number} · ${L.page(i + 1, pages.length)}`, font),
      right,
      MARGIN - 10,
      8,
      font,
      GREY,
    )
  })
  await pause(signal)
  return (await doc.save({ objectsPerTick: OBJECTS_PER_PAUSE })) as Uint8Array<ArrayBuffer>
}
