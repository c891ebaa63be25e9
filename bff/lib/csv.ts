/** RFC 4180 CSV: every field quoted when needed, CRLF line ends; formula-looking text defused for spreadsheets. */
export function toCsv<T>(
  rows: T[],
  columns: ReadonlyArray<readonly [header: string, value: (row: T) => unknown]>,
): string {
  const field = (value: unknown) => {
    let text = value === null || value === undefined ? '' : String(value)
    if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
  }
  const lines = [
    columns.map(([header]) => field(header)).join(','),
    ...rows.map((row) => columns.map(([, value]) => field(value(row))).join(',')),
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
