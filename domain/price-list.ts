import Papa from 'papaparse'
import { issueCode } from './messages.ts'
import { parseDecimal, toCents } from './money.ts'
import { searchable } from './search-text.ts'
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

/** A heading or a unit as compared: without case, accents, signs or a trailing currency ("Unit price (BRL)"). */
const plain = (text: string) =>
  searchable(text.replace(/\([^)]*\)\s*$/, ''))
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()

/** The most columns a list may have: a catalogue's, with room. */
const MAX_COLUMNS = 50

/**
 * One row of the list: its line in the file (the heading is line 1), and the product it makes (every
 * field, defaults where the file has no column) with what the file says of it (`given`: what an
 * update of a product changes), or what is wrong with it.
 */
export type PriceListRow = { line: number } & (
  | { input: ProductInput; given: Partial<ProductInput>; codes?: undefined }
  | { input?: undefined; given?: undefined; codes: Record<string, string> }
)

export type PriceList =
  | { rows: PriceListRow[]; refused?: undefined; line?: undefined }
  | {
      rows?: undefined
      refused: 'price_list_empty' | 'price_list_columns' | 'price_list_too_long' | 'price_list_quotes'
      /** Where the file cannot be read (a quote never closed). */
      line?: number
    }

/** A typed number as the product's field takes it: money in cents, else a decimal; text that is none stays as it is (and is refused). */
function numberOf(column: Column, text: string): unknown {
  if (text === '') return undefined
  // a tax written "18%"; a minimum read as a spreadsheet writes whole numbers ("1.000" is a thousand)
  const typed = column === 'taxPercent' ? text.replace(/\s*%$/, '') : text
  const value = column === 'unitPrice' || column === 'cost' ? toCents(typed) : parseDecimal(typed, 2)
  return value ?? text
}

/**
 * A price list (docs/domain.md cd_produto): a CSV file with a heading row naming its columns (at
 * least the name and the price; in any order, in en, es or pt) and a product per row, amounts as
 * a spreadsheet writes them in any culture ("1.234,56" or "1,234.56"), the separator guessed
 * ("," or ";"). Each row is checked as the products' form is, and what is wrong named at its field.
 */
export function readPriceList(text: string): PriceList {
  // no more rows read than a list may hold (a hostile file of millions is refused, not parsed whole)
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { preview: PRICE_LIST_MAX_ROWS + 2 })
  const unclosed = parsed.errors.find((e) => e.type === 'Quotes')
  if (unclosed) return { refused: 'price_list_quotes', line: (unclosed.row ?? 0) + 1 }
  // each row keeps its line in the file: blank lines are skipped, not renumbered
  const lines = parsed.data.map((cells, i) => ({ cells, line: i + 1 })).filter((r) => r.cells.some((c) => c.trim()))
  const [heading, ...rows] = lines
  if (!heading || rows.length === 0) return { refused: 'price_list_empty' }
  if (rows.length > PRICE_LIST_MAX_ROWS) return { refused: 'price_list_too_long' }
  if (heading.cells.length > MAX_COLUMNS) return { refused: 'price_list_columns' }
  const columns = heading.cells.map((h) => {
    const name = plain(h)
    return (Object.keys(HEADINGS) as Column[]).find((c) => HEADINGS[c].includes(name))
  })
  const named = columns.filter((c) => c !== undefined)
  // each column once (a second "Name" would silently win), the name and the price at least
  if (new Set(named).size !== named.length || !named.includes('name') || !named.includes('unitPrice'))
    return { refused: 'price_list_columns' }
  const mapped = columns.flatMap((column, c) => (column ? [[column, c] as const] : []))
  return {
    rows: rows.map(({ cells, line }): PriceListRow => {
      const values: Record<string, unknown> = {}
      for (const [column, c] of mapped) {
        const cell = (cells[c] ?? '').trim()
        if (column === 'unit') values.unit = cell === '' ? undefined : (UNITS[plain(cell)] ?? cell)
        else if (column === 'name' || column === 'sku' || column === 'description') values[column] = cell
        else values[column] = numberOf(column, cell)
      }
      const checked = productInput.safeParse(values)
      if (!checked.success) {
        const codes: Record<string, string> = {}
        for (const issue of checked.error.issues) codes[String(issue.path[0])] ??= issueCode(issue)
        return { line, codes }
      }
      const given = Object.fromEntries(
        mapped.flatMap(([column]) => (values[column] === undefined ? [] : [[column, checked.data[column]]])),
      ) as Partial<ProductInput>
      return { line, input: checked.data, given }
    }),
  }
}
