import { describe, expect, it } from 'vitest'
import { addDays, dateIn } from '../../domain/dates.ts'
import { readOfx } from '../../domain/ofx.ts'
import { DEMO_ADMIN, DEMO_TECHNICIAN, DEMO_TIME_ZONE } from '../../seeds/tenancy.ts'
import { callAs, signInMember, testBff, type ModuleAnswer, type TestBff } from '../shared/bff.ts'
import { MAIN } from '../shared/booking.ts'
import { faultyStore } from '../shared/faulty-store.ts'
import { bankStatement } from '../shared/ofx.ts'
import { RECONCILIATIONS } from '../../domain/schemas/statements.ts'

type List<T> = { items: T[] }
type Line = {
  n: number
  fitId: string
  date: string
  amount: number
  memo: string
  status: string
  match: { kind: string; id: string; invoiceId: string | null; label: string } | null
}
type Statement = {
  id: string
  bankAccount: string
  from: string
  to: string
  counts: Record<string, number>
  lines: Line[]
}
type Invoice = {
  id: string
  number: string
  paid: number
  payments: Array<{ id: string; amount: number; reference: string }>
}
type Account = { id: string; balance: number; inflow: number; outflow: number }

/** The office's API, a bank account of its own, and an invoice issued today for `cents`. */
async function setUp(options: Parameters<typeof testBff>[0] = {}) {
  const bff = await testBff(options)
  const admin = await callAs(bff, DEMO_ADMIN, MAIN)
  const today = dateIn(DEMO_TIME_ZONE, Date.now())
  const clientId = (await admin<List<{ id: string }>>('/cd_cliente?size=1')).body.Dados.items[0].id
  const issued = async (cents: number) => {
    const made = await admin<{ id: string }>('/cd_invoice', {
      method: 'POST',
      json: { clientId, lines: [{ description: 'Instalação split', quantity: 1, unitPrice: cents }] },
    })
    return (await admin<Invoice>(`/cd_invoice/${made.body.Dados.id}/issue`, { method: 'POST' })).body.Dados
  }
  const bank = (await admin<Account>('/cd_contas', { method: 'POST', json: { name: 'Banco Azul', kind: 'bank' } })).body
    .Dados
  const upload = (bytes: Uint8Array<ArrayBuffer>, headers?: Record<string, string>, name = 'extrato.ofx') => {
    const body = new FormData()
    body.set('file', new File([bytes], name, { type: 'application/x-ofx' }))
    return admin<Statement>(`/cd_contas/${bank.id}/statements`, { method: 'POST', body, headers })
  }
  const line = (statement: string, n: number, action: string, json?: Record<string, unknown>) =>
    admin<Statement>(`/cd_contas/${bank.id}/statements/${statement}/lines/${n}/${action}`, { method: 'POST', json })
  const account = async () => (await admin<Account>(`/cd_contas/${bank.id}`)).body.Dados
  return { bff, admin, today, issued, bank, upload, line, account }
}

// cd_contas "Bank statement" (docs/domain.md): an OFX file's lines matched to what was recorded
describe('a bank statement', () => {
  it('of a real bank’s shape is read: Windows-1252 accents, negative amounts, a duplicate FITID, SGML or XML', () => {
    const read = readOfx(
      bankStatement([
        { date: '2026-11-10', amount: '1250.00', fitId: '20261110001', memo: 'PIX RECEBIDO JOSÉ AÇÃO' },
        { date: '2026-11-12', amount: '-3500.00', fitId: '20261112001', memo: 'PAGTO ALUGUEL IMOBILIÁRIA' },
        { date: '2026-11-12', amount: '-3500.00', fitId: '20261112001', memo: 'PAGTO ALUGUEL IMOBILIÁRIA' },
        { date: '2026-11-13', amount: '-12,9', fitId: '20261113001', memo: 'TARIFA  PACOTE   SERVIÇOS' },
      ]),
    )
    expect(read.currency).toBe('BRL')
    expect(read.bankAccount).toBe('12345-6')
    expect(read.lines.map((l) => [l.date, l.amount, l.memo])).toEqual([
      ['2026-11-10', 125_000, 'PIX RECEBIDO JOSÉ AÇÃO'],
      ['2026-11-12', -350_000, 'PAGTO ALUGUEL IMOBILIÁRIA'],
      ['2026-11-12', -350_000, 'PAGTO ALUGUEL IMOBILIÁRIA'],
      ['2026-11-13', -1_290, 'TARIFA PACOTE SERVIÇOS'],
    ])
    // OFX 2: XML with closing tags, UTF-8, character references
    const xml = `<?xml version="1.0" encoding="UTF-8"?><?OFX OFXHEADER="200" VERSION="220"?><OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>MXN</CURDEF><BANKTRANLIST><STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20261120</DTPOSTED><TRNAMT>-99.5</TRNAMT><FITID>MX-1</FITID><NAME>Refacciones Pérez &amp; Hijos</NAME></STMTTRN></BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`
    const mx = readOfx(new TextEncoder().encode(xml))
    expect([mx.currency, mx.lines]).toEqual([
      'MXN',
      [{ fitId: 'MX-1', date: '2026-11-20', amount: -9_950, memo: 'Refacciones Pérez & Hijos' }],
    ])
  })

  it('suggests what was recorded for each line, a person confirms it, and an import again takes nothing twice', async () => {
    const { admin, today, issued, bank, upload, line } = await setUp()
    // recorded by the office: a Pix received into the bank today, a bill paid from it yesterday
    const invoice = await issued(125_000)
    await admin(`/cd_invoice/${invoice.id}/payments`, {
      method: 'POST',
      json: { amount: 125_000, method: 'pix', accountId: bank.id },
    })
    const bill = await admin<{ id: string; number: string }>('/cd_financeiro', {
      method: 'POST',
      json: { supplier: 'Imobiliária Central', amount: 350_000, dueDate: today },
    })
    await admin(`/cd_financeiro/${bill.body.Dados.id}/pay`, {
      method: 'POST',
      json: { date: addDays(today, -1), accountId: bank.id },
    })
    const file = bankStatement([
      { date: addDays(today, -1), amount: '1250.00', fitId: 'A1', memo: 'PIX RECEBIDO JOSÉ DA SILVA' },
      { date: today, amount: '-3500.00', fitId: 'A2', memo: 'PAGTO ALUGUEL IMOBILIÁRIA' },
      { date: today, amount: '-3500.00', fitId: 'A2', memo: 'PAGTO ALUGUEL IMOBILIÁRIA' },
      { date: today, amount: '-12.90', fitId: 'A3', memo: 'TARIFA PACOTE SERVIÇOS' },
      { date: today, amount: '1250.00', fitId: 'A4', memo: 'PIX RECEBIDO MARIA' },
    ])
    const imported = await upload(file)
    expect(imported.status).toBe(200)
    const lines = imported.body.Dados.lines
    expect(lines.map((l) => [l.status, l.match?.kind ?? null])).toEqual([
      ['suggested', 'payment'],
      ['suggested', 'payable'],
      ['duplicate', null],
      ['unmatched', null],
      // the same amount as the first, but its payment is the first line's
      ['unmatched', null],
    ])
    expect(lines[0].match?.label).toBe(`${invoice.number} · ${lines[0].match!.label.split(' · ')[1]}`)
    expect(lines[1].match?.label).toContain('Imobiliária Central')
    expect(imported.body.Dados.counts).toMatchObject({ suggested: 2, duplicate: 1, unmatched: 2 })

    // confirmed, twice: one answer
    const id = imported.body.Dados.id
    const confirmed = await line(id, 1, 'confirm')
    expect([confirmed.status, confirmed.body.Dados.lines[0].status]).toEqual([200, 'matched'])
    expect((await line(id, 1, 'confirm')).status).toBe(200)
    // a line with nothing suggested has nothing to confirm
    expect((await line(id, 4, 'confirm')).body.code).toBe('statement_line_done')

    // the same file again: every FITID is known, nothing is suggested twice
    const again = await upload(file)
    expect(again.body.Dados.lines.map((l) => l.status)).toEqual(['known', 'known', 'duplicate', 'known', 'known'])
    // the statements of the account, the latest first, without their lines
    const listed = await admin<Array<{ id: string; counts: Record<string, number> }>>(
      `/cd_contas/${bank.id}/statements`,
    )
    expect(listed.body.Dados.map((s) => [s.id, s.counts.known])).toEqual([
      [again.body.Dados.id, 4],
      [id, 0],
    ])
    expect(listed.body.Dados[0]).not.toHaveProperty('lines')
  })

  it('turns a line that matches nothing into a bill or a payment, once however often it is sent', async () => {
    const { bff, admin, today, issued, bank, upload, line, account } = await setUp()
    const invoice = await issued(80_000)
    const imported = await upload(
      bankStatement([
        { date: today, amount: '-12.90', fitId: 'B1', memo: 'TARIFA PACOTE SERVIÇOS' },
        { date: today, amount: '500.00', fitId: 'B2', memo: 'TED RECEBIDA CLIENTE' },
      ]),
    )
    const id = imported.body.Dados.id
    // the sides hold: money out is no payment, money in no bill
    expect((await line(id, 1, 'payment', { invoiceId: invoice.id })).body.code).toBe('statement_wrong_side')
    expect((await line(id, 2, 'payable', { supplier: 'X' })).body.code).toBe('statement_wrong_side')
    expect((await line(id, 1, 'payable', {})).status).toBe(400)

    // the bank fee: a bill paid that day from the account, made once by a double click
    const [fee, feeAgain] = await Promise.all([
      line(id, 1, 'payable', { supplier: 'Banco Azul', category: 'Tarifas' }),
      line(id, 1, 'payable', { supplier: 'Banco Azul', category: 'Tarifas' }),
    ])
    expect([fee.status, feeAgain.status]).toEqual([200, 200])
    const recorded = (await line(id, 1, 'payable', { supplier: 'Banco Azul' })).body.Dados.lines[0]
    expect(recorded).toMatchObject({ status: 'recorded', match: { kind: 'payable' } })
    const bills = (
      await admin<List<{ id: string; state: string; amount: number }>>('/cd_financeiro?size=100&search=Tarifas')
    ).body.Dados.items
    expect(bills.map((b) => [b.id, b.state, b.amount])).toEqual([[recorded.match!.id, 'paid', 1_290]])

    // the transfer received: a payment of the invoice into the account, its FITID the reference, once
    const [paid, paidAgain] = await Promise.all([
      line(id, 2, 'payment', { invoiceId: invoice.id }),
      line(id, 2, 'payment', { invoiceId: invoice.id }),
    ])
    expect([paid.status, paidAgain.status]).toEqual([200, 200])
    expect(paid.body.Dados.lines[1]).toMatchObject({
      status: 'recorded',
      match: { kind: 'payment', invoiceId: invoice.id },
    })
    const now = (await admin<Invoice>(`/cd_invoice/${invoice.id}`)).body.Dados
    expect([now.paid, now.payments.map((p) => [p.amount, p.reference])]).toEqual([50_000, [[50_000, 'B2']]])
    expect(await account()).toMatchObject({ inflow: 50_000, outflow: 1_290, balance: 48_710 })
    // a line recorded is done: neither confirmed nor recorded as something else
    expect((await line(id, 2, 'payment', { invoiceId: (await issued(1_000)).id })).status).toBe(200)
    expect((await admin<Invoice>(`/cd_invoice/${invoice.id}`)).body.Dados.payments).toHaveLength(1)
    expect((await line(id, 2, 'confirm')).body.code).toBe('statement_line_done')
    // a bill is never paid after today, from a statement either; nor one of another currency imported
    const ahead = await upload(
      bankStatement([{ date: addDays(today, 2), amount: '-10.00', fitId: 'B9', memo: 'AGENDADO' }]),
    )
    expect((await line(ahead.body.Dados.id, 1, 'payable', { supplier: 'X' })).body.code).toBe('payment_in_future')
    const dollars = new TextDecoder()
      .decode(bankStatement([{ date: today, amount: '1.00', fitId: 'B10', memo: 'X' }]))
      .replace('<CURDEF>BRL', '<CURDEF>USD')
    const usd = await upload(new TextEncoder().encode(dollars))
    expect([usd.status, usd.body.codes]).toEqual([400, { file: 'statement_currency' }])
    // nor a file of another bank account (its transactions' numbers are another bank's): nothing taken
    const tariff = [{ date: today, amount: '-5.00', fitId: 'B11', memo: 'TARIFA' }]
    // (as for an account whose statements came before the number was kept with what they took: the latest's counts)
    await bff.deps.repos
      .collection<{ id: string; bankAccount?: string }>(1, RECONCILIATIONS)
      .update(bank.id, ({ bankAccount: _kept, ...rest }) => rest)
    const other = await upload(bankStatement(tariff, '99999-9'))
    expect([other.status, other.body.codes]).toEqual([400, { file: 'statement_other_account' }])
    // the same account written another way by the bank (zeros before it, no dash) is the same account
    expect((await upload(bankStatement(tariff, '0012345 6'))).body.Dados.lines.map((l) => l.status)).toEqual([
      'unmatched',
    ])
  })

  it('recorded as a payment when the answer was lost: a try for another invoice finds the first paid, and pays nothing twice', async () => {
    const { store, failNext } = faultyStore(/:statements:/)
    const { admin, today, issued, upload, line } = await setUp({ store })
    const [first, second] = [await issued(30_000), await issued(30_000)]
    const id = (await upload(bankStatement([{ date: today, amount: '300.00', fitId: 'C1', memo: 'PIX RECEBIDO' }])))
      .body.Dados.id
    // the payment lands, the line's own write does not: the office is told it failed
    failNext(false)
    expect((await line(id, 1, 'payment', { invoiceId: first.id })).status).toBe(503)
    // thinking it lost, the office picks the other invoice: the line is the first one's payment
    const retried = await line(id, 1, 'payment', { invoiceId: second.id })
    expect(retried.body.Dados.lines[0]).toMatchObject({ status: 'recorded', match: { invoiceId: first.id } })
    const paid = async (invoice: { id: string }) => (await admin<Invoice>(`/cd_invoice/${invoice.id}`)).body.Dados.paid
    expect([await paid(first), await paid(second)]).toEqual([30_000, 0])
  })

  it('refuses what is no statement at its field, a file over 5 MB, and an attacker’s file quickly', async () => {
    const { bff, upload, bank } = await setUp()
    const text = (s: string) => new TextEncoder().encode(s)
    const codes = async (bytes: Uint8Array<ArrayBuffer>) => {
      const res = await upload(bytes)
      return [res.status, res.body.codes]
    }
    expect(await codes(text('Data;Valor\n2026-11-10;1250,00\n'))).toEqual([400, { file: 'statement_not_ofx' }])
    expect(await codes(bankStatement([]))).toEqual([400, { file: 'statement_empty' }])
    expect(await codes(bankStatement([{ date: '2026-11-10', amount: 'R$ 10', fitId: 'X', memo: 'PIX' }]))).toEqual([
      400,
      { file: 'statement_invalid' },
    ])
    expect(
      await codes(
        bankStatement(
          Array.from({ length: 5001 }, (_, i) => ({ date: '2026-11-10', amount: '1.00', fitId: `F${i}`, memo: 'PIX' })),
        ),
      ),
    ).toEqual([400, { file: 'statement_too_long' }])
    expect((await upload(new Uint8Array(5 * 1024 * 1024 + 1))).status).toBe(413)
    // 4 MB of tags that never close, and of a tag name growing: read in one pass, refused
    expect(await codes(text(`<OFX>${'<STMTTRN><A'.repeat(380_000)}`))).toEqual([400, { file: 'statement_invalid' }])
    expect(await codes(text(`<OFX><${'A'.repeat(4_000_000)}>1`))).toEqual([400, { file: 'statement_empty' }])
    // who may not change accounts imports nothing
    const tech = await callAs(bff, DEMO_TECHNICIAN, MAIN)
    const body = new FormData()
    body.set('file', new File([bankStatement([])], 'x.ofx'))
    expect((await tech(`/cd_contas/${bank.id}/statements`, { method: 'POST', body })).status).toBe(403)
  })

  it('holds under races: one file imported four times at once, a line paid for two invoices at once, confirmed while recorded', async () => {
    const { admin, today, issued, bank, upload, line, account } = await setUp()
    const file = bankStatement([
      { date: today, amount: '-42.00', fitId: 'R1', memo: 'TARIFA DOC' },
      { date: today, amount: '700.00', fitId: 'R2', memo: 'PIX RECEBIDO' },
    ])
    const imports = await Promise.all([1, 2, 3, 4].map(() => upload(file)))
    expect(imports.map((i) => i.status)).toEqual([200, 200, 200, 200])
    const taking = imports.filter((i) => i.body.Dados.lines.some((l) => l.status !== 'known'))
    expect(taking).toHaveLength(1)
    expect(taking[0].body.Dados.lines.map((l) => l.status)).toEqual(['unmatched', 'unmatched'])
    const id = taking[0].body.Dados.id
    // the money in, recorded for two invoices at once: it pays one of them, once
    const [a, b] = [await issued(70_000), await issued(70_000)]
    const tries = await Promise.all([
      line(id, 2, 'payment', { invoiceId: a.id }),
      line(id, 2, 'payment', { invoiceId: b.id }),
    ])
    expect(tries.filter((t) => t.status === 200).length).toBeGreaterThanOrEqual(1)
    for (const t of tries) if (t.status !== 200) expect(t.body.code).toBe('statement_line_busy')
    const paid = async (i: { id: string }) => (await admin<Invoice>(`/cd_invoice/${i.id}`)).body.Dados.paid
    expect((await paid(a)) + (await paid(b))).toBe(70_000)
    // the fee, its bill paid by the office, then the line confirmed and recorded at once: one of the two
    const bill = await admin<{ id: string }>('/cd_financeiro', {
      method: 'POST',
      json: { supplier: 'Banco Azul', category: 'Tarifas', amount: 4_200, dueDate: today },
    })
    await admin(`/cd_financeiro/${bill.body.Dados.id}/pay`, { method: 'POST', json: { accountId: bank.id } })
    const again = await upload(bankStatement([{ date: today, amount: '-42.00', fitId: 'R3', memo: 'TARIFA DOC' }]))
    expect(again.body.Dados.lines[0].status).toBe('suggested')
    const before = (await account()).outflow
    const both = await Promise.all([
      line(again.body.Dados.id, 1, 'confirm'),
      line(again.body.Dados.id, 1, 'payable', { supplier: 'Banco Azul' }),
    ])
    const ended = (await admin<Statement>(`/cd_contas/${bank.id}/statements/${again.body.Dados.id}`)).body.Dados
      .lines[0]
    expect(both.filter((r) => r.status === 200).map((r) => r.body.Dados.lines[0].status)).toEqual([ended.status])
    expect((await account()).outflow - before).toBe(ended.status === 'recorded' ? 4_200 : 0)
  })

  it('suggests and names only what the reader may read; recording a payment takes the invoices page', async () => {
    const { bff, admin, today, issued, bank, upload } = await setUp()
    // a payment into the bank on the main branch's invoice
    const invoice = await issued(33_300)
    await admin(`/cd_invoice/${invoice.id}/payments`, {
      method: 'POST',
      json: { amount: 33_300, method: 'pix', accountId: bank.id },
    })
    const file = (fitId: string) => bankStatement([{ date: today, amount: '333.00', fitId, memo: 'PIX RECEBIDO' }])
    // who works in Campinas only is offered no match in São Paulo's invoices
    const campinas = await memberOf(bff, 1, 'Rita Campinas')
    const hers = await campinas.upload(bank.id, file('P1'))
    expect([hers.status, hers.body.Dados.lines[0].status]).toEqual([200, 'unmatched'])
    // the admin's import suggests it; she reads the suggestion without what it is, and may not confirm it
    const theirs = await upload(file('P2'))
    expect(theirs.body.Dados.lines[0]).toMatchObject({ status: 'suggested', match: { kind: 'payment' } })
    expect(theirs.body.Dados.lines[0].match!.label).toContain(invoice.number)
    const read = await campinas.call<Statement>(`/cd_contas/${bank.id}/statements/${theirs.body.Dados.id}`)
    expect(read.body.Dados.lines[0].match).toMatchObject({ kind: 'payment', label: '', invoiceId: null })
    expect(JSON.stringify(read.body)).not.toContain(invoice.id)
    const confirm = await campinas.call(`/cd_contas/${bank.id}/statements/${theirs.body.Dados.id}/lines/1/confirm`, {
      method: 'POST',
    })
    expect(confirm.status).toBe(404)
    // who holds the accounts but only reads the invoices records no payment
    const reader = await memberOf(bff, 2, 'Caio Leitura', { cd_invoice: 'view' })
    const pay = await reader.call(`/cd_contas/${bank.id}/statements/${hers.body.Dados.id}/lines/1/payment`, {
      method: 'POST',
      json: { invoiceId: invoice.id },
    })
    expect(pay.status).toBe(403)
  })
})

/** A finance member of one branch of the demo company (with page levels of his own), calling as himself. */
async function memberOf(bff: TestBff, filial: number, name: string, levels: Record<string, 'view'> = {}) {
  const token = await signInMember(bff, { empresa: 1, filial, role: 'finance' }, name)
  const me = (await bff.deps.repos.users.members(1)).find((u) => u.value.name === name)!.value
  if (Object.keys(levels).length) await bff.deps.repos.pageAccess.saveOverrides(1, me.id, levels)
  const headers = { 'x-empresa': '1', 'x-filial': String(filial) }
  const call = async <T = unknown>(path: string, init: { method?: string; json?: unknown; body?: FormData } = {}) => {
    const res = await bff.call(path, { ...init, token, headers })
    return { status: res.status, body: (await res.json()) as ModuleAnswer<T> }
  }
  const upload = (account: string, bytes: Uint8Array<ArrayBuffer>) => {
    const body = new FormData()
    body.set('file', new File([bytes], 'extrato.ofx'))
    return call<Statement>(`/cd_contas/${account}/statements`, { method: 'POST', body })
  }
  return { call, upload }
}
