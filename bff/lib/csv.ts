/**
 * Text a spreadsheet would run as a formula: "=", "@", a tab or a line end first; or "+" / "-" first and then more than
 * a number or a phone ("+cmd|' /C calc'!A0", "-2+3+HYPERLINK(…)"). A signed number or a phone ("+55 11 98888-7777",
 * "-1.234,56") is data and stays as it is (OWASP, CSV injection).
 */
const FORMULA = /^[=@\t\r\n]|^[+-](?![\d\s().,/-]*$)/

/** A field's separator as a spreadsheet in the culture expects it: ";" where the decimal separator is a comma (pt-BR), else ",". */
export function csvSeparator(culture: string): ',' | ';' {
  const decimal = new Intl.NumberFormat(culture).formatToParts(1.5).find((part) => part.type === 'decimal')?.value
  return decimal === ',' ? ';' : ','
}

/**
 * RFC 4180 CSV: every field quoted when needed, CRLF line ends; formula-looking text defused for spreadsheets (a "'"
 * first). The separator is "," unless told (the pages' export writes the culture's: csvSeparator).
 */
export function toCsv<T>(
  rows: T[],
  columns: ReadonlyArray<readonly [header: string, value: (row: T) => unknown]>,
  separator: ',' | ';' = ',',
): string {
  const special = separator === ',' ? /[",\r\n]/ : /[";\r\n]/
  const field = (value: unknown) => {
    let text = value === null || value === undefined ? '' : String(value)
    if (FORMULA.test(text)) text = `'${text}`
    return special.test(text) ? `"${text.replace(/"/g, '""')}"` : text
  }
  const lines = [
    columns.map(([header]) => field(header)).join(separator),
    ...rows.map((row) => columns.map(([, value]) => field(value(row))).join(separator)),
  ]
  return `${lines.join('\r\n')}\r\n`
}

/** The answer of an export: a CSV file to download, named after the module; UTF-8 with a BOM, so spreadsheets read accents ("São Paulo", not "SÃ£o Paulo"). */
export function csvResponse(name: string, body: string): Response {
  return new Response(`\uFEFF${body}`, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${name}.csv"`,
      'cache-control': 'no-store',
    },
  })
}
