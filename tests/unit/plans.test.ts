import { describe, expect, it } from 'vitest'
import { addDays, dateIn } from '../../domain/dates.ts'
import { nthDue } from '../../domain/plan-schedule.ts'
import { generatePlanOrders } from '../../bff/lib/plan-orders.ts'
import { DEMO_ADMIN, DEMO_TECHNICIAN } from '../../seeds/tenancy.ts'
import { readPdf } from '../shared/pdf.ts'
import { callAs, testBff } from '../shared/bff.ts'
import { MAIN, TECH_ID } from '../shared/booking.ts'

type List<T> = { items: T[]; pagination: { length: number } }
type Plan = { id: string; state: string; nextVisit: string | null; generatedThrough: string | null }
type Order = {
  id: string
  number: string
  status: string
  planId: string | null
  dueDate: string | null
  preferredTechnicianId: string | null
  equipmentIds: string[]
  problem: string
  clientId: string
  lines: Array<{ jobId: string; unitPrice: number; description: string }>
}

const DAY = 86_400_000

/** The demo company with a clock the test moves, a client with a machine, another client's machine, and a service. */
async function setUp() {
  let clock = Date.parse('2026-12-02T15:00:00Z')
  const bff = await testBff({ now: () => clock })
  const admin = await callAs(bff, DEMO_ADMIN, MAIN)
  const [client, other] = (await admin<List<{ id: string; name: string }>>('/cd_cliente?size=2&sort=name')).body.Dados
    .items
  const job = (await admin<List<{ id: string; unitPrice: number }>>('/cd_job?size=1&sort=code')).body.Dados.items[0]
  const machine = async (clientId: string, serialNumber: string) =>
    (
      await admin<{ id: string }>('/cd_equipamento', {
        method: 'POST',
        json: { clientId, kind: 'air_conditioner', brand: 'Daikin', model: 'FTXS35', serialNumber },
      })
    ).body.Dados.id
  const mine = await machine(client.id, `PLAN-${crypto.randomUUID().slice(0, 8)}`)
  const theirs = await machine(other.id, `PLAN-${crypto.randomUUID().slice(0, 8)}`)
  const branch = await bff.deps.repos.companies.findBranch(1, 2)
  const today = () => dateIn(branch!.TIME_ZONE, clock)
  const plan = (json: Record<string, unknown>) =>
    admin<Plan>('/cd_plano', {
      method: 'POST',
      json: {
        name: 'Split units',
        clientId: client.id,
        items: [{ equipmentId: mine, jobId: job.id, periodicity: 'quarterly' }],
        startsOn: today(),
        ...json,
      },
    })
  // signed in again: the clock passes months, beyond a session's life
  const ordersOf = async (planId: string) =>
    (await (await callAs(bff, DEMO_ADMIN, MAIN))<Order[]>(`/cd_ordem/of-plan?planId=${planId}`)).body.Dados.sort(
      (a, b) => (a.dueDate! < b.dueDate! ? -1 : 1),
    )
  return {
    bff,
    admin,
    client,
    other,
    job,
    mine,
    theirs,
    today,
    plan,
    ordersOf,
    pass: (days: number) => (clock += days * DAY),
  }
}

describe('cd_plano', () => {
  it('makes the orders due within its window once saved, one per visit, for its machines; a run again makes none', async () => {
    const { bff, client, job, mine, today, plan, ordersOf } = await setUp()
    const made = await plan({ aheadDays: 30 })
    expect(made.status).toBe(200)
    const start = today()
    const orders = await ordersOf(made.body.Dados.id)
    expect(orders).toHaveLength(1)
    expect(orders[0]).toMatchObject({
      status: 'new',
      dueDate: start,
      planId: made.body.Dados.id,
      clientId: client.id,
      equipmentIds: [mine],
      problem: 'Split units',
    })
    expect(orders[0].number).toMatch(/^OS-/)
    expect(orders[0].lines.map((l) => [l.jobId, l.unitPrice])).toEqual([[job.id, job.unitPrice]])
    expect(orders[0].lines[0].description).toContain('Daikin FTXS35')
    // read again, the plan says what it made and when the next visit is due
    const read = await bff.call(`/cd_plano/${made.body.Dados.id}`, {
      token: await bff.signIn(DEMO_ADMIN),
      headers: MAIN,
    })
    const row = ((await read.json()) as { Dados: Plan }).Dados
    expect(row).toMatchObject({ state: 'active', nextVisit: start, generatedThrough: addDays(start, 30) })

    expect(await generatePlanOrders(bff.deps)).toBe(0)
    expect(await ordersOf(made.body.Dados.id)).toHaveLength(1)
  })

  it('as the days pass, the next periods’ orders come, each once, even with two runs at once; an ended plan makes no more', async () => {
    const { bff, plan, ordersOf, pass, today } = await setUp()
    const start = today()
    const made = (await plan({ aheadDays: 14 })).body.Dados
    const id = made.id
    pass(100)
    const runs = await Promise.all([generatePlanOrders(bff.deps), generatePlanOrders(bff.deps)])
    const due = [start, nthDue(start, 'quarterly', 1)]
    expect(runs[0] + runs[1]).toBe(1)
    expect((await ordersOf(id)).map((o) => o.dueDate)).toEqual(due)
    // a server down for months makes what it missed when it is back, in order
    pass(200)
    await generatePlanOrders(bff.deps)
    const later = (await ordersOf(id)).map((o) => o.dueDate)
    expect(later).toEqual([...due, nthDue(start, 'quarterly', 2), nthDue(start, 'quarterly', 3)])
    // each order its own number: the run that lost the race gave back no number the winner holds
    const numbers = (await ordersOf(id)).map((o) => o.number)
    expect(new Set(numbers).size).toBe(numbers.length)
    // ended, it makes none
    const ended = await (await callAs(bff, DEMO_ADMIN, MAIN))(`/cd_plano/${id}`, { method: 'DELETE' })
    expect(ended.status).toBe(200)
    pass(120)
    expect(await generatePlanOrders(bff.deps)).toBe(0)
    expect(await ordersOf(id)).toHaveLength(later.length)
  })

  it('makes no order for a day before the plan existed, and a fixed fee’s visits cost nothing on their orders', async () => {
    const { plan, ordersOf, today } = await setUp()
    const started = addDays(today(), -45)
    const made = (await plan({ startsOn: started, billing: 'monthly_fee', monthlyFee: 30000, aheadDays: 60 })).body
      .Dados
    const orders = await ordersOf(made.id)
    // due 45 days ago (not made), then 3 months after the start, within the 60 days ahead
    expect(orders.map((o) => o.dueDate)).toEqual([nthDue(started, 'quarterly', 1)])
    expect(orders[0].lines.every((l) => l.unitPrice === 0)).toBe(true)
  })

  it('answers the fields it refuses: another client’s machine, an end before the start, a fee of nothing', async () => {
    const { plan, theirs, job, today } = await setUp()
    const refused = async (json: Record<string, unknown>) => {
      const res = await plan(json)
      expect(res.status).toBe(400)
      return res.body.codes
    }
    expect(await refused({ items: [{ equipmentId: theirs, jobId: job.id, periodicity: 'monthly' }] })).toEqual({
      'items.0.equipmentId': 'plan_equipment_other_client',
    })
    expect(await refused({ endsOn: addDays(today(), -1) })).toEqual({ endsOn: 'plan_ends_before_start' })
    expect(await refused({ billing: 'monthly_fee' })).toEqual({ monthlyFee: 'plan_fee_required' })
    expect(await refused({ items: [] })).toHaveProperty('items')
    expect(await refused({ technicianId: crypto.randomUUID() })).toEqual({ technicianId: 'invalid_value' })
  })

  it('tells the office once that a plan ends within 30 days, once that it ended, and again of a renewal’s new end, whatever runs it', async () => {
    const { bff, client, plan, pass, today } = await setUp()
    const ends = addDays(today(), 45)
    const made = (await plan({ name: 'Rooftop chillers', endsOn: ends })).body.Dados
    const told = async () => {
      const admin = await callAs(bff, DEMO_ADMIN, MAIN)
      const all = (await admin<Array<{ title: string; description: string }>>('/common/notifications')).body
      return (Array.isArray(all) ? all : [])
        .filter((n) => n.description.startsWith('Rooftop chillers'))
        .map((n) => [n.title, n.description])
    }
    await generatePlanOrders(bff.deps)
    expect(await told()).toEqual([])
    pass(20)
    await Promise.all([generatePlanOrders(bff.deps), generatePlanOrders(bff.deps)])
    await generatePlanOrders(bff.deps)
    // the day as the reader's language writes it (the demo admin reads English)
    const written = (day: string) =>
      new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`))
    const ending = (day: string) => [
      'Plan ending',
      `Rooftop chillers of ${client.name} ends on ${written(day)}: renew it or let it end.`,
    ]
    expect(await told()).toEqual([ending(ends)])
    // renewed for a month more: its new end is told when it comes near
    const renewed = addDays(ends, 30)
    const admin = await callAs(bff, DEMO_ADMIN, MAIN)
    expect((await admin(`/cd_plano/${made.id}`, { method: 'PATCH', json: { endsOn: renewed } })).status).toBe(200)
    await generatePlanOrders(bff.deps)
    expect(await told()).toHaveLength(1)
    pass(40)
    await Promise.all([generatePlanOrders(bff.deps), generatePlanOrders(bff.deps)])
    expect(await told()).toEqual([ending(renewed), ending(ends)])
    pass(20)
    await Promise.all([generatePlanOrders(bff.deps), generatePlanOrders(bff.deps)])
    await generatePlanOrders(bff.deps)
    expect((await told())[0]).toEqual([
      'Plan ended',
      `Rooftop chillers of ${client.name} ended on ${written(renewed)}: it makes no more orders.`,
    ])
    expect(await told()).toHaveLength(3)
  })

  it('restarted after months ended, makes no order for the visits it missed: from today on', async () => {
    const { bff, plan, ordersOf, pass, today } = await setUp()
    const start = today()
    const made = (await plan({ aheadDays: 14 })).body.Dados
    expect((await ordersOf(made.id)).map((o) => o.dueDate)).toEqual([start])
    const admin = await callAs(bff, DEMO_ADMIN, MAIN)
    await admin(`/cd_plano/${made.id}`, { method: 'DELETE' })
    pass(200)
    const again = await callAs(bff, DEMO_ADMIN, MAIN)
    expect((await again(`/cd_plano/${made.id}?restore=1`, { method: 'DELETE' })).status).toBe(200)
    await generatePlanOrders(bff.deps)
    const days = (await ordersOf(made.id)).map((o) => o.dueDate!)
    // the quarters due while it was ended (3 and 6 months after the start) are not made
    expect(days[0]).toBe(start)
    expect(days.slice(1).every((d) => d >= today())).toBe(true)
    expect(days).not.toContain(nthDue(start, 'quarterly', 1))
  })

  it('invoices a monthly fee on its day each month, each once under runs at once and a server down for months; never for a day before the plan, nor while it was ended', async () => {
    const { bff, plan, pass, today } = await setUp()
    type Invoice = {
      id: string
      number: string
      status: string
      issueDate: string
      dueDate: string
      total: number
      planId: string | null
      lines: Array<{ description: string }>
      sendCount: number
    }
    const invoicesOf = async (planId: string) =>
      (await (await callAs(bff, DEMO_ADMIN, MAIN))<Invoice[]>(`/cd_invoice/of-plan?planId=${planId}`)).body.Dados.sort(
        (a, b) => (a.issueDate < b.issueDate ? -1 : 1),
      )
    // started 40 days ago, invoiced on the 10th: the fee days before the plan was made are not billed
    const started = addDays(today(), -40)
    const invoiceDay = 10
    const made = (await plan({ startsOn: started, billing: 'monthly_fee', monthlyFee: 35000, invoiceDay })).body.Dados
    const feeDay = (from: string) => {
      const [y, m] = from.split('-').map(Number)
      const at = (n: number) => {
        const month = new Date(Date.UTC(y, m - 1 + n, invoiceDay))
        return month.toISOString().slice(0, 10)
      }
      return at
    }
    const day0 = today()
    const first = day0.slice(8) === '10' ? day0 : feeDay(day0)(Number(day0.slice(8)) < invoiceDay ? 0 : 1)
    expect(await invoicesOf(made.id)).toEqual(day0 === first ? [expect.objectContaining({ issueDate: day0 })] : [])
    // past the next fee day: two runs at once make its invoice once
    pass(Math.round((Date.parse(first) - Date.parse(day0)) / DAY) + 1)
    const runs = await Promise.all([generatePlanOrders(bff.deps), generatePlanOrders(bff.deps)])
    // the fee alone falls in (the next visit is a month past the window)
    expect(runs[0] + runs[1]).toBe(1)
    const once = await invoicesOf(made.id)
    expect(once.map((i) => i.issueDate)).toEqual([first])
    // issued, and sent to the client once (its link by e-mail, as the office's Send)
    expect(once[0]).toMatchObject({ status: 'issued', total: 35000, planId: made.id, sendCount: 1 })
    expect(once[0].dueDate > once[0].issueDate).toBe(true)
    expect(once[0].lines[0].description).toMatch(/^Mensalidade — Split units — /)
    // its client's link prints the plan it bills; an invoice of no plan has none to print
    const office = await callAs(bff, DEMO_ADMIN, MAIN)
    const linkOf = async (id: string) => {
      await office(`/cd_invoice/${id}/send`, { method: 'POST' })
      return (await office<{ url: string }>(`/cd_invoice/${id}/link`)).body.Dados.url.split('/i/')[1]
    }
    const token = await linkOf(once[0].id)
    expect(
      ((await (await bff.call(`/public/invoices/${token}`)).json()) as { Dados: { plan: boolean } }).Dados.plan,
    ).toBe(true)
    const printed = await bff.call(`/public/invoices/${token}/plan`)
    expect(printed.status).toBe(200)
    expect(readPdf(new Uint8Array(await printed.arrayBuffer()))).toContain('Split units')
    const other = (await office<{ items: Array<{ id: string }> }>('/cd_invoice?state=overdue&size=1')).body.Dados
      .items[0]
    expect((await bff.call(`/public/invoices/${await linkOf(other.id)}/plan`)).status).toBe(404)
    // a server down for three months invoices the three it missed, each its own number
    pass(92)
    await generatePlanOrders(bff.deps)
    const later = await invoicesOf(made.id)
    expect(later.map((i) => i.issueDate)).toEqual([first, feeDay(first)(1), feeDay(first)(2), feeDay(first)(3)])
    expect(new Set(later.map((i) => i.number)).size).toBe(later.length)
    // ended, then restarted months later: none for the months it was ended
    const admin = await callAs(bff, DEMO_ADMIN, MAIN)
    expect((await admin(`/cd_plano/${made.id}`, { method: 'DELETE' })).status).toBe(200)
    pass(95)
    await generatePlanOrders(bff.deps)
    expect(await invoicesOf(made.id)).toHaveLength(4)
    const again = await callAs(bff, DEMO_ADMIN, MAIN)
    expect((await again(`/cd_plano/${made.id}?restore=1`, { method: 'DELETE' })).status).toBe(200)
    await generatePlanOrders(bff.deps)
    // restarted after this month's day: its fee comes next month
    expect(await invoicesOf(made.id)).toHaveLength(4)
  })

  it('names the technician it prefers on its orders, which the board’s tray shows; he is one of the branch’s technicians', async () => {
    const { admin, plan, ordersOf, today } = await setUp()
    const offered = (await admin<Array<{ id: string; name: string }>>('/cd_plano/technicians')).body.Dados
    expect(offered.map((t) => t.id)).toContain(TECH_ID)
    const made = (await plan({ technicianId: TECH_ID })).body.Dados
    const [order] = await ordersOf(made.id)
    expect(order.preferredTechnicianId).toBe(TECH_ID)
    const board = await admin<{ tray: Array<{ id: string; preferredTechnicianId: string | null }> }>(
      `/cd_ordemagendamento/board?from=${today()}&to=${today()}`,
    )
    expect(board.body.Dados.tray.find((o) => o.id === order.id)?.preferredTechnicianId).toBe(TECH_ID)
  })

  it('prints the PMOC: the building, the engineer, the machines and their routine, and the year’s execution record from the visits done', async () => {
    const { bff, admin, other, theirs, plan, ordersOf, today } = await setUp()
    const made = (
      await plan({
        technicianId: TECH_ID,
        building: 'Edifício Aurora',
        activity: 'Escritórios',
        occupants: 120,
        area: 850.5,
        thermalLoad: '40 TR',
        engineerName: 'Marina Costa',
        engineerRegistration: 'CREA-SP 5061234567',
        engineerPermit: 'ART 28027230221234567',
      })
    ).body.Dados
    const [order] = await ordersOf(made.id)
    const day = today()
    const booked = await admin<{ visits: Array<{ id: string }> }>('/cd_ordemagendamento', {
      method: 'POST',
      json: {
        orderId: order.id,
        technicianIds: [TECH_ID],
        start: `${day}T08:00:00-03:00`,
        end: `${day}T09:00:00-03:00`,
        force: true,
      },
    })
    expect(booked.status).toBe(201)
    const visit = booked.body.Dados.visits[0].id
    const tech = await callAs(bff, DEMO_TECHNICIAN, MAIN)
    for (const step of ['depart', 'arrive'])
      expect(
        (
          await tech(`/cd_techorders/${visit}/${step}`, {
            method: 'POST',
            json: step === 'depart' ? { etaMinutes: 10 } : undefined,
          })
        ).status,
      ).toBe(200)
    // the technician reads which machine the visit is for
    expect((await tech<{ machines: string[] }>(`/cd_techorders/${visit}`)).body.Dados.machines).toEqual([
      expect.stringMatching(/^Daikin FTXS35 · S\/N PLAN-/),
    ])
    const ticked = await tech<{ checklist: Array<{ item: string }> }>(`/cd_techorders/${visit}`, {
      method: 'PATCH',
      json: { checked: [0], report: 'Filtros limpos.' },
    })
    expect(ticked.status).toBe(200)
    expect((await tech(`/cd_techorders/${visit}/finish`, { method: 'POST' })).status).toBe(200)
    const token = await bff.signIn(DEMO_ADMIN)
    const printed = async (query = '') => {
      const res = await bff.call(`/cd_plano/${made.id}/pdf${query}`, { token, headers: MAIN })
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('application/pdf')
      return readPdf(new Uint8Array(await res.arrayBuffer())).replace(/\s+/g, ' ')
    }
    const text = await printed()
    expect(text).toContain('PMOC — Plano de Manutenção, Operação e Controle')
    for (const shown of [
      'Edifício Aurora',
      'Escritórios',
      '850,5',
      '40 TR',
      'Marina Costa',
      'CREA-SP 5061234567',
      'ART 28027230221234567',
      'Daikin FTXS35',
      'Trimestral',
      `Registro de execução — ${day.slice(0, 4)}`,
      'Filtros limpos.',
      order.number,
    ])
      expect(text).toContain(shown)
    // each checklist item as the technician left it
    const [first, second] = ticked.body.Dados.checklist.map((c) => c.item)
    expect(text).toContain(`[x] ${first}`)
    if (second) expect(text).toContain(`[ ] ${second}`)
    // another year's record has no visit
    expect(await printed('?year=2020')).toContain('Nenhuma execução registrada neste ano.')
    // given to another client, the plan prints none of the former client's machines or work
    const moved = await admin(`/cd_plano/${made.id}`, {
      method: 'PATCH',
      json: {
        clientId: other.id,
        items: [{ equipmentId: theirs, jobId: order.lines[0].jobId, periodicity: 'quarterly' }],
      },
    })
    expect(moved.status).toBe(200)
    const theirsPrinted = await printed()
    for (const gone of [order.number, 'Filtros limpos.']) expect(theirsPrinted).not.toContain(gone)
    expect((await admin(`/cd_plano/${made.id}/pdf?year=20`)).status).toBe(400)
    expect((await admin(`/cd_plano/${crypto.randomUUID()}/pdf`)).status).toBe(404)
  })

  it('prints the maintenance plan and log in the company’s language outside Brazil', async () => {
    const bff = await testBff()
    const austin = { 'x-empresa': '2', 'x-filial': '4' }
    const admin = await callAs(bff, DEMO_ADMIN, austin)
    const client = (
      await admin<{ id: string }>('/cd_cliente', {
        method: 'POST',
        json: {
          kind: 'business',
          name: 'Lakeview Offices',
          addresses: [{ label: 'Main', street: '100 Congress Ave', city: 'Austin', region: 'TX', postalCode: '78701' }],
        },
      })
    ).body.Dados
    const job = (
      await admin<{ id: string }>('/cd_job', {
        method: 'POST',
        json: {
          code: 'pm-ac',
          name: 'Preventive maintenance',
          unit: 'visit',
          unitPrice: 9000,
          checklist: 'Clean filters',
        },
      })
    ).body.Dados
    const machine = (
      await admin<{ id: string }>('/cd_equipamento', {
        method: 'POST',
        json: {
          clientId: client.id,
          kind: 'air_conditioner',
          brand: 'Carrier',
          model: '40MBQ',
          capacity: 5,
          capacityUnit: 'tr',
        },
      })
    ).body.Dados
    const made = await admin<{ id: string }>('/cd_plano', {
      method: 'POST',
      json: {
        name: 'Rooftop units',
        clientId: client.id,
        items: [{ equipmentId: machine.id, jobId: job.id, periodicity: 'semiannual' }],
        startsOn: '2027-01-15',
        engineerName: 'Sam Lee',
      },
    })
    expect(made.status).toBe(200)
    const res = await bff.call(`/cd_plano/${made.body.Dados.id}/pdf?year=2027`, {
      token: await bff.signIn(DEMO_ADMIN),
      headers: austin,
    })
    expect(res.status).toBe(200)
    const text = readPdf(new Uint8Array(await res.arrayBuffer())).replace(/\s+/g, ' ')
    for (const shown of [
      'Maintenance plan and log',
      '3. The engineer responsible',
      'Sam Lee',
      'Carrier 40MBQ',
      '5 TR',
      'Every six',
      'Preventive maintenance',
      '• Clean filters',
      '6. Maintenance log — 2027',
      'No visit recorded this year.',
    ])
      expect(text).toContain(shown)
    expect(text).not.toContain('PMOC')
  })

  it('invoices each month once when its invoice day moves: not twice when moved later, not skipped when moved earlier', async () => {
    const { bff, plan, pass } = await setUp()
    type Invoice = { issueDate: string }
    const invoicesOf = async (planId: string) =>
      (await (await callAs(bff, DEMO_ADMIN, MAIN))<Invoice[]>(`/cd_invoice/of-plan?planId=${planId}`)).body.Dados.map(
        (i) => i.issueDate,
      ).sort()
    const moveTo = async (id: string, invoiceDay: number) =>
      expect(
        (await (await callAs(bff, DEMO_ADMIN, MAIN))(`/cd_plano/${id}`, { method: 'PATCH', json: { invoiceDay } }))
          .status,
      ).toBe(200)
    // made on 2 December, invoiced on the 10th
    const later = (await plan({ name: 'Fee later', billing: 'monthly_fee', monthlyFee: 20000, invoiceDay: 10 })).body
      .Dados
    const earlier = (await plan({ name: 'Fee earlier', billing: 'monthly_fee', monthlyFee: 20000, invoiceDay: 20 }))
      .body.Dados
    pass(10) // 12 December
    await generatePlanOrders(bff.deps)
    expect(await invoicesOf(later.id)).toEqual(['2026-12-10'])
    expect(await invoicesOf(earlier.id)).toEqual([])
    // December invoiced on the 10th, then its day moved to the 20th: December is not invoiced again
    await moveTo(later.id, 20)
    // December not invoiced yet, its day moved to the 5th, already past: December is invoiced now, on its day
    await moveTo(earlier.id, 5)
    await generatePlanOrders(bff.deps)
    pass(10) // 22 December
    await generatePlanOrders(bff.deps)
    expect(await invoicesOf(later.id)).toEqual(['2026-12-10'])
    expect(await invoicesOf(earlier.id)).toEqual(['2026-12-05'])
    pass(30) // 21 January
    await generatePlanOrders(bff.deps)
    expect(await invoicesOf(later.id)).toEqual(['2026-12-10', '2027-01-20'])
    expect(await invoicesOf(earlier.id)).toEqual(['2026-12-05', '2027-01-05'])
  })
})
