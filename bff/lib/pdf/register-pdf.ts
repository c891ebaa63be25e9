import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from '@cantoo/pdf-lib'
import { CULTURES, type Culture } from '../../../domain/cultures.ts'
import {
  A4,
  drawCompanyHead,
  embedImage,
  GREY,
  LIGHT,
  MARGIN,
  OBJECTS_PER_PAUSE,
  pause,
  type PrintedCompany,
} from './document-pdf.ts'
import { drawable, wrap } from './text.ts'

/** A table of a register: its columns (each a share of the width) and its rows of text, wrapped in their cells. */
export type RegisterTable = {
  columns: Array<{ label: string; share: number }>
  rows: string[][]
  /** Said in place of the rows when there is none. */
  empty: string
}

/**
 * A register as printed (a maintenance plan, its execution record): the company with its logo, a
 * title with the lines under it, then numbered sections of label–value pairs, paragraphs, tables
 * (their header repeated on each page they flow to) and signature lines.
 */
export type PrintedRegister = {
  culture: Culture
  company: PrintedCompany
  logo: Uint8Array | null
  title: string
  /** The lines under the title (the plan's name, the year of its record). */
  subtitle: string[]
  sections: Array<{
    heading: string
    pairs?: Array<[label: string, value: string]>
    text?: string[]
    table?: RegisterTable
    /** Who signs under the section: a line each, captioned. */
    signatures?: string[]
  }>
  /** The footer's name of the document, with the page numbers. */
  footer: string
  page: (i: number, n: number) => string
}

const SHADE = rgb(0.93, 0.93, 0.93)
const SIZE = 8.5
const LINE = 10.5
const PAD = 3
/** Rows drawn between two pauses (bff/lib/pdf/document-pdf.ts pause: the other requests run). */
const ROWS_PER_PAUSE = 20

/**
 * A register as an A4 PDF in the standard fonts (no font files: it runs on Node, Workers and Deno
 * alike), paused every ROWS_PER_PAUSE rows and while it saves, stopped at the first pause once
 * `signal` aborts.
 */
export async function renderRegisterPdf(
  signal: AbortSignal,
  printed: PrintedRegister,
): Promise<Uint8Array<ArrayBuffer>> {
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Helvetica)
  const bold = await doc.embedFont(StandardFonts.HelveticaBold)
  const logo = await embedImage(doc, printed.logo)
  await pause(signal)
  doc.setTitle(drawable(`${printed.title} - ${printed.subtitle[0] ?? ''} - ${printed.company.name}`, font))
  doc.setAuthor(drawable(printed.company.name, font))
  doc.setLanguage(CULTURES[printed.culture])
  doc.setCreator('Fieldwise')
  doc.setProducer('Fieldwise')

  const [W, H] = A4
  const width = W - 2 * MARGIN
  const FOOTER = MARGIN + 20
  const pages: PDFPage[] = []
  let page!: PDFPage
  let y = 0
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
  const text = (s: string, x: number, at: number, size = SIZE, f: PDFFont = font, color = rgb(0, 0, 0)) =>
    page.drawText(s, { x, y: at, size, font: f, color })
  const lines = (s: string, f: PDFFont, size: number, max: number) => wrap(drawable(s, f, true), f, size, max)

  // the company, the title and what it is of
  newPage()
  y = drawCompanyHead(page, { font, bold }, printed.company, logo, y, W - MARGIN) - 12
  for (const line of lines(printed.title, bold, 13, width)) {
    text(line, MARGIN, y, 13, bold)
    y -= 16
  }
  for (const line of printed.subtitle.flatMap((s) => lines(s, font, 10, width))) {
    text(line, MARGIN, y, 10)
    y -= 12
  }
  y -= 4
  page.drawLine({ start: { x: MARGIN, y }, end: { x: W - MARGIN, y }, thickness: 0.7, color: LIGHT })
  y -= 16

  for (const section of printed.sections) {
    await pause(signal)
    // a heading is kept with the first lines after it
    room(13 + 3 * LINE)
    for (const line of lines(section.heading, bold, 10, width)) {
      text(line, MARGIN, y, 10, bold)
      y -= 13
    }
    for (const [label, value] of section.pairs ?? []) {
      const labelWidth = Math.min(170, width * 0.35)
      const label_ = lines(`${label}:`, bold, SIZE, labelWidth - 6)
      const value_ = lines(value || '—', font, SIZE, width - labelWidth)
      const rows = Math.max(label_.length, value_.length)
      room(rows * LINE)
      for (let i = 0; i < rows; i++) {
        if (label_[i]) text(label_[i], MARGIN, y, SIZE, bold)
        if (value_[i]) text(value_[i], MARGIN + labelWidth, y, SIZE)
        y -= LINE
      }
    }
    for (const line of (section.text ?? []).flatMap((t) => lines(t, font, SIZE, width))) {
      room(LINE)
      text(line, MARGIN, y, SIZE)
      y -= LINE
    }
    if (section.table) await drawTable(section.table)
    if (section.signatures?.length) {
      const each = (width - 20 * (section.signatures.length - 1)) / section.signatures.length
      room(50)
      y -= 34
      section.signatures.forEach((caption, i) => {
        const x = MARGIN + i * (each + 20)
        page.drawLine({ start: { x, y }, end: { x: x + each, y }, thickness: 0.5, color: GREY })
        lines(caption, font, 8, each).forEach((line, l) => text(line, x, y - 10 - l * 9, 8, font, GREY))
      })
      y -= 24
    }
    y -= 12
  }

  async function drawTable(table: RegisterTable) {
    const total = table.columns.reduce((sum, c) => sum + c.share, 0)
    const widths = table.columns.map((c) => (c.share / total) * width)
    const xs = widths.map((_, i) => MARGIN + widths.slice(0, i).reduce((a, b) => a + b, 0))
    const header = () => {
      const cells = table.columns.map((c, i) => lines(c.label, bold, SIZE, widths[i] - 2 * PAD))
      const height = Math.max(...cells.map((c) => c.length)) * LINE + 4
      page.drawRectangle({ x: MARGIN, y: y - height + 2, width, height, color: SHADE })
      cells.forEach((cell, i) => cell.forEach((line, l) => text(line, xs[i] + PAD, y - 7 - l * LINE, SIZE, bold)))
      y -= height
    }
    room(3 * LINE)
    header()
    if (!table.rows.length) {
      y -= LINE
      text(drawable(table.empty, font), MARGIN + PAD, y, SIZE, font, GREY)
      y -= 4
      return
    }
    for (const [r, row] of table.rows.entries()) {
      if (r % ROWS_PER_PAUSE === 0) await pause(signal)
      const cells = row.map((cell, i) => lines(cell, font, SIZE, widths[i] - 2 * PAD))
      const height = Math.max(1, ...cells.map((c) => c.length)) * LINE + 4
      // a row taller than a page flows over it; any other starts on the next page with the header again
      if (height < H - MARGIN - FOOTER - 40) room(height, header)
      let at = y
      const rowsOf = Math.max(...cells.map((c) => c.length))
      for (let l = 0; l < rowsOf; l++) {
        if (at - LINE < FOOTER) {
          newPage()
          header()
          at = y
        }
        cells.forEach((cell, i) => cell[l] && text(cell[l], xs[i] + PAD, at - 8, SIZE))
        at -= LINE
      }
      y = at - 4
      page.drawLine({ start: { x: MARGIN, y: y + 1 }, end: { x: W - MARGIN, y: y + 1 }, thickness: 0.4, color: LIGHT })
    }
  }

  pages.forEach((p, i) => {
    p.drawText(drawable(`${printed.footer} · ${printed.page(i + 1, pages.length)}`, font), {
      x: MARGIN,
      y: MARGIN - 10,
      size: 8,
      font,
      color: GREY,
    })
  })
  await pause(signal)
  return (await doc.save({ objectsPerTick: OBJECTS_PER_PAUSE })) as Uint8Array<ArrayBuffer>
}
