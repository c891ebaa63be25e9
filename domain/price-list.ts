import Papa from 'papaparse'
import { issueCode } from './messages.ts'
import { parseDecimal, toCents } from './money.ts'
import { PRODUCT_UNITS, productInput, type ProductInput } from './schemas/products.ts'

/** The most rows one price list may hold (a distributor's catalogue). */
export const PRICE_LIST_MAX_ROWS = 2000

type Column = keyof ProductInput

/** How a column may be headed, in en, es and pt, compared without case, accents and signs. */
const HEADINGS: Record<Column, readonly string[]> = {
  name: ['name', 'product', 'nome', 'produto', 'nombre', 'producto'],
  sku: ['sku', 'code', 'ref', 'codigo', 'referencia'],
  unit: ['unit', 'un', 'unidade', 'unidad'],
  unitPrice: ['price', 'unit price', 'preco', 'preco unitario', 'valor', 'precio', 'precio unitario'],
  cost: ['cost', 'custo', 'costo'],
  taxPercent: ['tax', 'imposto', 'impuesto', 'iva'],
  minimum: ['minimum', 'minimum stock', 'minimo', 'estoque minimo', 'stock minimo'],
  description: ['description', 'descricao', 'descripcion'],
}

/** How a unit may be written, to the unit it is. */
const UNITS: Record<string, (typeof PRODUCT_UNITS)[number]> = {
  unit: 'unit',
  un: 'unit',
  und: 'unit',
  unidade: 'unit',
  unidad: 'unit',
  pc: 'unit',
  pca: 'unit',
  peca: 'unit',
  meter: 'meter',
  m: 'meter',
  metro: 'meter',
  mt: 'meter',
  kg: 'kg',
  kilogram: 'kg',
  quilo: 'kg',
  quilograma: 'kg',
  kilo: 'kg',
  kilogramo: 'kg',
  liter: 'liter',
  l: 'liter',
  lt: 'liter',
  litro: 'liter',
  box: 'box',
  cx: 'box',
  caixa: 'box',
  caja: 'box',
}

const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()

/** One row of the list: its line in the file (the heading is line 1), and the product it makes or what is wrong with it. */
export type PriceListRow = { line: number } & (
  { input: ProductInput; codes?: undefined } | { input?: undefined; codes: Record<string, string> }
)

export type PriceList =
  | { rows: PriceListRow[]; refused?: undefined }
  | { rows?: undefined; refused: 'price_list_empty' | 'price_list_columns' | 'price_list_too_long' }

/** A typed number as the product's field takes it: money in cents, else a decimal; text that is none stays as it is (and is refused). */
function numberOf(column: Column, text: string): unknown {
  if (text === '') return undefined
  const value =
    column === 'unitPrice' || column === 'cost' ? toCents(text) : parseDecimal(text, column === 'minimum' ? 3 : 2)
  return value ?? text
}

/**
 * A price list (docs/domain.md cd_produto): a CSV file with a heading row naming its columns (at
 * least the name and the price; in any order, in en, es or pt) and a product per row, amounts as
 * a spreadsheet writes them in any culture ("1.234,56" or "1,234.56"), the separator guessed
 * ("," or ";"). Each row is checked as the products' form is, and what is wrong named at its field.
 */
export function readPriceList(text: string): PriceList {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' })
  const [heading, ...rows] = parsed.data
  if (!heading || rows.length === 0) return { refused: 'price_list_empty' }
  if (rows.length > PRICE_LIST_MAX_ROWS) return { refused: 'price_list_too_long' }
  const columns = heading.map((h) => {
    const name = plain(h)
    return (Object.keys(HEADINGS) as Column[]).find((c) => HEADINGS[c].includes(name))
  })
  if (!columns.includes('name') || !columns.includes('unitPrice')) return { refused: 'price_list_columns' }
  return {
    rows: rows.map((cells, i): PriceListRow => {
      const line = i + 2
      const values: Record<string, unknown> = {}
      columns.forEach((column, c) => {
        const cell = (cells[c] ?? '').trim()
        if (!column) return
        if (column === 'unit') values.unit = cell === '' ? undefined : (UNITS[plain(cell)] ?? cell)
        else if (column === 'name' || column === 'sku' || column === 'description') values[column] = cell
        else values[column] = numberOf(column, cell)
      })
      const checked = productInput.safeParse(values)
      if (checked.success) return { line, input: checked.data }
      const codes: Record<string, string> = {}
      for (const issue of checked.error.issues) codes[String(issue.path[0])] ??= issueCode(issue)
      return { line, codes }
    }),
  }
}
