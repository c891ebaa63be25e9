import { describe, expect, it } from 'vitest'
import { DEMO_ADMIN, DEMO_TECHNICIAN } from '../../seeds/tenancy.ts'
import { callAs, testBff } from '../shared/bff.ts'
import { MAIN } from '../shared/booking.ts'
import { faultyStore } from '../shared/faulty-store.ts'
import { phonePhoto } from '../shared/photo.ts'

type List<T> = { items: T[] }
type Payable = {
  id: string
  number: string
  state: string
  status: string
  dueDate: string
  amount: number
  repeat: string
  previousId: string | null
  paid: { date: string; accountId: string | null } | null
  voided: { reason: string } | null
  attachment: { name: string; type: string; url: string } | null
}
type Account = { id: string; name: string; outflow: number; balance: number }

const bill = (json: Record<string, unknown> = {}) => ({
  supplier: 'Imobiliária Central',
  category: 'Rent',
  amount: 350_000,
  dueDate: '2026-01-31',
  ...json,
})

async function setUp(options: Parameters<typeof testBff>[0] = {}) {
  const bff = await testBff(options)
  const admin = await callAs(bff, DEMO_ADMIN, MAIN)
  const bank = (await admin<List<Account>>('/cd_contas?search=Itaú')).body.Dados.items[0]
  const create = async (json: Record<string, unknown>) => {
    const res = await admin<Payable>('/cd_financeiro', { method: 'POST', json })
    expect(res.status).toBe(200)
    return res.body.Dados
  }
  const payables = async () => (await admin<List<Payable>>('/cd_financeiro?size=100&all=1')).body.Dados.items
  const outflow = async () => (await admin<Account>(`/cd_contas/${bank.id}`)).body.Dados.outflow
  return { bff, admin, bank, create, payables, outflow }
}

// cd_financeiro (docs/domain.md): payables entered by hand, paid once from an account, or voided
describe('a payable', () => {
  it('is numbered, overdue past its due date, paid once from an account (a double click too), and then closed', async () => {
    const { admin, bank, create, outflow } = await setUp()
    const rent = await create(bill())
    // numbered after the demo's seven bills
    expect(rent.number).toMatch(/^CP-SAO-\d{4}-000008$/)
    expect([rent.status, rent.state]).toEqual(['open', 'overdue'])
    const later = await create(bill({ supplier: 'Vivo', amount: 12_990, dueDate: '2099-12-15' }))
    expect(later.state).toBe('open')
    const overdue = (await admin<List<Payable>>('/cd_financeiro?state=overdue&size=100')).body.Dados.items
    expect(overdue.map((p) => p.id)).toContain(rent.id)
    expect(overdue.map((p) => p.id)).not.toContain(later.id)
    expect(overdue.every((p) => p.state === 'overdue')).toBe(true)
    // changed while open
    const changed = await admin<Payable>(`/cd_financeiro/${rent.id}`, { method: 'PATCH', json: { amount: 360_000 } })
    expect(changed.body.Dados.amount).toBe(360_000)
    // paid from the bank: it leaves the bank, once, even sent twice with its key
    const before = await outflow()
    const key = { 'Idempotency-Key': 'pay-rent-1' }
    const pay = () =>
      admin<Payable>(`/cd_financeiro/${rent.id}/pay`, {
        method: 'POST',
        json: { accountId: bank.id, date: '2026-01-30' },
        headers: key,
      })
    const [first, again] = [await pay(), await pay()]
    expect([first.status, again.status]).toEqual([200, 200])
    expect(first.body.Dados).toMatchObject({
      status: 'paid',
      state: 'paid',
      paid: { date: '2026-01-30', accountId: bank.id },
    })
    expect((await outflow()) - before).toBe(360_000)
    // a second click without its key: not allowed now, nothing leaves twice
    const twice = await admin(`/cd_financeiro/${rent.id}/pay`, { method: 'POST', json: { accountId: bank.id } })
    expect([twice.status, twice.body.code]).toEqual([409, 'transition_not_allowed'])
    expect((await outflow()) - before).toBe(360_000)
    // paid, it is neither changed nor voided
    const edit = await admin(`/cd_financeiro/${rent.id}`, { method: 'PATCH', json: { amount: 1 } })
    expect([edit.status, edit.body.code]).toEqual([409, 'payable_not_open'])
    expect((await admin(`/cd_financeiro/${rent.id}/void`, { method: 'POST', json: { reason: 'x' } })).status).toBe(409)
    // an open one is voided with a reason, and leaves nothing
    const voided = await admin<Payable>(`/cd_financeiro/${later.id}/void`, {
      method: 'POST',
      json: { reason: 'Entered twice' },
    })
    expect(voided.body.Dados).toMatchObject({ state: 'void', voided: { reason: 'Entered twice' } })
    expect((await admin(`/cd_financeiro/${later.id}/void`, { method: 'POST', json: {} })).status).toBe(400)
  })

  it('refuses a payment dated after today and an account that is not the company’s, and changes nothing', async () => {
    const { admin, create, payables } = await setUp()
    const rent = await create(bill())
    const future = await admin(`/cd_financeiro/${rent.id}/pay`, { method: 'POST', json: { date: '2099-01-01' } })
    expect([future.status, future.body.codes]).toEqual([400, { date: 'payment_in_future' }])
    const stranger = await admin(`/cd_financeiro/${rent.id}/pay`, {
      method: 'POST',
      json: { accountId: crypto.randomUUID() },
    })
    expect([stranger.status, stranger.body.codes]).toEqual([400, { accountId: 'account_unknown' }])
    expect((await payables()).find((p) => p.id === rent.id)!.status).toBe('open')
    const tech = await callAs((await setUp()).bff, DEMO_TECHNICIAN, MAIN)
    expect((await tech('/cd_financeiro')).status).toBe(403)
  })

  it('that repeats makes its next one when paid, once, a month later (the last day of a shorter month)', async () => {
    const { admin, bff, create, payables } = await setUp()
    const rent = await create(bill({ repeat: 'monthly' }))
    expect((await admin(`/cd_financeiro/${rent.id}/pay`, { method: 'POST', json: {} })).status).toBe(200)
    // settled again (a start's reconciler): no second one
    await bff.deps.derived!.reconcile(true)
    const next = (await payables()).filter((p) => p.previousId === rent.id)
    expect(next.map((p) => [p.dueDate, p.state, p.amount, p.repeat])).toEqual([
      ['2026-02-28', 'overdue', 350_000, 'monthly'],
    ])
    expect(Number(next[0].number.slice(-6))).toBe(Number(rent.number.slice(-6)) + 1)
    // the series keeps its day: February's paid, March's is due on the 31st again
    expect((await admin(`/cd_financeiro/${next[0].id}/pay`, { method: 'POST', json: {} })).status).toBe(200)
    expect((await payables()).filter((p) => p.previousId === next[0].id).map((p) => p.dueDate)).toEqual(['2026-03-31'])
    // a voided one makes none
    const phone = await create(bill({ supplier: 'Vivo', repeat: 'yearly' }))
    await admin(`/cd_financeiro/${phone.id}/void`, { method: 'POST', json: { reason: 'Cancelled the plan' } })
    expect((await payables()).filter((p) => p.previousId === phone.id)).toEqual([])
  })

  it('paid when a crash stops what follows: its account and its next one are settled at the next start', async () => {
    const { store, failNext, back } = faultyStore(/:rollup-entries:/)
    const { admin, bank, create, outflow } = await setUp({ store })
    const before = await outflow()
    const rent = await create(bill({ repeat: 'monthly' }))
    failNext(true)
    await admin(`/cd_financeiro/${rent.id}/pay`, { method: 'POST', json: { accountId: bank.id } })
    back()
    const restarted = await testBff({ store, seed: false })
    const again = await callAs(restarted, DEMO_ADMIN, MAIN)
    expect((await again<Account>(`/cd_contas/${bank.id}`)).body.Dados.outflow - before).toBe(350_000)
    const all = (await again<List<Payable>>('/cd_financeiro?size=100')).body.Dados.items
    expect(all.filter((p) => p.previousId === rent.id)).toHaveLength(1)
    expect(await restarted.deps.repos.owed.all()).toEqual([])
  })

  it('keeps its bill, a PDF or a phone’s photo, for who may read payables; the paper leaves only through the payable', async () => {
    const { bff, admin, create } = await setUp()
    const rent = await create(bill({ repeat: 'monthly' }))
    const attach = (bytes: Uint8Array<ArrayBuffer>, name: string, type: string) => {
      const body = new FormData()
      body.set('file', new File([bytes], name, { type }))
      return admin<Payable>(`/cd_financeiro/${rent.id}/attachment`, { method: 'PUT', body })
    }
    const served = async (url: string, token: string) => (await bff.call(url.replace(/^\/api/, ''), { token })).status
    const adminToken = await bff.signIn(DEMO_ADMIN)
    // a real PDF (the company's own quote, printed), as the supplier's bill
    const quote = (await admin<List<{ id: string }>>('/cd_cotacao?size=1')).body.Dados.items[0]
    const pdf = new Uint8Array(
      await (await bff.call(`/cd_cotacao/${quote.id}/pdf`, { token: adminToken, headers: MAIN })).arrayBuffer(),
    )
    const first = await attach(pdf, 'boleto aluguel.pdf', 'application/pdf')
    expect(first.status).toBe(200)
    expect(first.body.Dados.attachment).toMatchObject({ name: 'boleto aluguel.pdf', type: 'application/pdf' })
    const pdfUrl = first.body.Dados.attachment!.url
    const file = await bff.call(pdfUrl.replace(/^\/api/, ''), { token: adminToken })
    expect([file.status, file.headers.get('content-type'), (await file.arrayBuffer()).byteLength]).toEqual([
      200,
      'application/pdf',
      pdf.byteLength,
    ])
    // a technician (no finance page) of the same branch does not get it, nor can he delete it through the files
    const techToken = await bff.signIn(DEMO_TECHNICIAN)
    expect(await served(pdfUrl, techToken)).toBe(404)
    const byUrl = await admin(`/FileManager/delete-by-url?url=${encodeURIComponent(pdfUrl)}`, { method: 'DELETE' })
    expect(byUrl.status).toBe(403)
    // the phone's 4032 × 3024 photo of it replaces the PDF, which is gone
    const photo = await attach(phonePhoto(), 'IMG_2041.jpg', 'image/jpeg')
    expect([photo.status, photo.body.Dados.attachment?.type]).toEqual([200, 'image/jpeg'])
    expect(await served(pdfUrl, adminToken)).toBe(404)
    expect(await served(photo.body.Dados.attachment!.url, adminToken)).toBe(200)
    // what is no bill is refused at its field, and the photo stays
    const text = await attach(new TextEncoder().encode('not a bill'), 'notes.txt', 'text/plain')
    expect([text.status, text.body.codes]).toEqual([400, { file: 'not_a_bill' }])
    expect((await admin<Payable>(`/cd_financeiro/${rent.id}`)).body.Dados.attachment?.type).toBe('image/jpeg')
    // paid, the next month's rent comes without this month's paper
    await admin(`/cd_financeiro/${rent.id}/pay`, { method: 'POST', json: {} })
    const all = (await admin<List<Payable>>('/cd_financeiro?size=100&all=1')).body.Dados.items
    const next = all.find((p) => p.previousId === rent.id)!
    expect((await admin<Payable>(`/cd_financeiro/${next.id}`)).body.Dados.attachment).toBeNull()
    // taken off: the file goes too; the technician may not take it off
    const tech = await callAs(bff, DEMO_TECHNICIAN, MAIN)
    expect((await tech(`/cd_financeiro/${rent.id}/attachment`, { method: 'DELETE' })).status).toBe(403)
    const off = await admin<Payable>(`/cd_financeiro/${rent.id}/attachment`, { method: 'DELETE' })
    expect([off.status, off.body.Dados.attachment]).toEqual([200, null])
    expect(await served(photo.body.Dados.attachment!.url, adminToken)).toBe(404)
  })
})
