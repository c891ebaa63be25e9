import { expect } from 'vitest'

/** One API call as a race sees it: its status and JSON answer. */
type Call = (
  path: string,
  init?: { method?: string; json?: unknown },
) => Promise<{ status: number; body: { Dados: never; code?: string } }>

type Made = { id: string; number: string; total: number; paid: number; status: string; payments: unknown[] }

/**
 * issue 30 §5, the strict counters on a storage: 50 invoices made at once take 50 consecutive
 * numbers, and of 20 payments at once for the same last open amount one is recorded — never an
 * overpaid invoice. `call` reaches the API (in process, or a runtime's server over HTTP) as the
 * demo admin in the demo company's main branch.
 */
export async function moneyRaces(call: Call) {
  const clients = await call('/cd_cliente?size=1')
  const clientId = (clients.body.Dados as { items: Array<{ id: string }> }).items[0].id
  const made = await Promise.all(
    Array.from({ length: 50 }, () =>
      call('/cd_invoice', {
        method: 'POST',
        json: { clientId, lines: [{ description: 'Visit', quantity: 1, unitPrice: 9000 }] },
      }),
    ),
  )
  expect(made.map((m) => m.status)).toEqual(made.map(() => 200))
  const numbers = made.map((m) => Number((m.body.Dados as Made).number.slice(-6))).sort((a, b) => a - b)
  expect(numbers).toEqual(numbers.map((_, i) => numbers[0] + i))
  const invoice = made[0].body.Dados as Made
  expect((await call(`/cd_invoice/${invoice.id}/issue`, { method: 'POST' })).status).toBe(200)
  const first = await call(`/cd_invoice/${invoice.id}/payments`, {
    method: 'POST',
    json: { amount: invoice.total - 500, method: 'cash' },
  })
  expect(first.status).toBe(200)
  const racing = await Promise.all(
    Array.from({ length: 20 }, () =>
      call(`/cd_invoice/${invoice.id}/payments`, { method: 'POST', json: { amount: 500, method: 'pix' } }),
    ),
  )
  expect(racing.filter((r) => r.status === 200)).toHaveLength(1)
  // the others are refused: nothing is open any more (the invoice is paid)
  expect(racing.filter((r) => r.status === 409 && r.body.code === 'invoice_not_payable')).toHaveLength(19)
  const after = (await call(`/cd_invoice/${invoice.id}`)).body.Dados as Made
  expect(after).toMatchObject({ status: 'paid', paid: invoice.total })
  expect(after.payments).toHaveLength(2)
}
