import { describe, expect, it } from 'vitest'
import { boardDays, boardStep } from '../../domain/board-view.ts'
import { DEMO_ADMIN, DEMO_TECHNICIAN } from '../../seeds/tenancy.ts'
import { callAs, signInMember, testBff } from '../shared/bff.ts'
import { MAIN, TECH_ID, wednesdayAhead } from '../shared/booking.ts'
import { LIVE_CHECK_MS } from '../../bff/lib/live.ts'
import { missingSkills } from '../../domain/board-view.ts'

type Visit = {
  id: string
  technicianId: string
  status: string
  start: string
  end: string
  times: Record<string, string>
}
type Appointment = {
  id: string
  orderId: string
  orderNumber: string
  technicianIds: string[]
  start: string
  end: string
  visits: Array<{ id: string; technicianId: string; status: string }>
  warnings: Array<{ code: string; technicianId: string; skills?: string[] }>
}
type Board = {
  timeZone: string
  technicians: Array<{ id: string; name: string; days: number[]; start: string; end: string }>
  appointments: Appointment[]
  tray: Array<{ id: string; number: string; hours: number }>
  stamp: string
}
type Order = { id: string; number: string; status: string; hold: { from: string } | null }
type List<T> = { items: T[]; pagination: { length: number } }

const { day, at } = wednesdayAhead(60)

async function setUp() {
  const bff = await testBff()
  const admin = await callAs(bff, DEMO_ADMIN, MAIN)
  const tech = await callAs(bff, DEMO_TECHNICIAN, MAIN)
  const client = (await admin<List<{ id: string }>>('/cd_cliente?size=1&sort=name')).body.Dados.items[0]
  const jobs = (await admin<List<{ id: string; code: string }>>('/cd_job?size=100')).body.Dados.items
  const newOrder = async (code = 'AC-INST') =>
    (
      await admin<Order>('/cd_ordem', {
        method: 'POST',
        json: { clientId: client.id, lines: [{ jobId: jobs.find((j) => j.code === code)!.id, quantity: 1 }] },
      })
    ).body.Dados
  const book = (orderId: string, start: string, end: string, extra: Record<string, unknown> = {}) =>
    admin<Appointment>('/cd_ordemagendamento', {
      method: 'POST',
      json: { orderId, technicianIds: [TECH_ID], start: at(start), end: at(end), ...extra },
    })
  return { bff, admin, tech, newOrder, book }
}

// cd_ordemagendamento and cd_techorders (docs/domain.md)
describe('the board’s days', () => {
  it('shows a month as its whole weeks and steps by months, to the month’s last day at most', () => {
    const november = boardDays('month', '2026-11-27')
    expect([november.length, november[0], november.at(-1)]).toEqual([42, '2026-10-26', '2026-12-06'])
    const february = boardDays('month', '2027-02-10')
    expect([february.length, february[0], february.at(-1)]).toEqual([28, '2027-02-01', '2027-02-28'])
    expect(boardDays('week', '2026-11-27')).toEqual(boardDays('month', '2026-11-27').slice(28, 35))
    expect(boardStep('month', '2026-01-31', 1)).toBe('2026-02-28')
    expect(boardStep('month', '2026-03-15', -1)).toBe('2026-02-15')
    expect(boardStep('month', '2026-12-05', 1)).toBe('2027-01-05')
    expect([boardStep('week', '2026-11-27', -1), boardStep('day', '2026-11-30', 1)]).toEqual([
      '2026-11-20',
      '2026-12-01',
    ])
  })
})

describe('the dispatch board', () => {
  it('asks a new person’s skills at the invitation, and warns of missing skills only where the company uses them', async () => {
    const bff = await testBff()
    const admin = await callAs(bff, DEMO_ADMIN, MAIN)
    const invited = await admin<{ id: string; skills: string[] }>('/ac_usuarios', {
      method: 'POST',
      json: {
        name: 'Rui Prado',
        email: 'rui@example.com',
        role: 'technician',
        filial: 'all',
        skills: 'split, elétrica',
      },
    })
    expect(invited.status).toBe(200)
    expect((await admin<{ skills: string[] }>(`/ac_usuarios/${invited.body.Dados.id}`)).body.Dados.skills).toEqual([
      'split',
      'elétrica',
    ])
    const tech = (skills: string[]) => ({
      id: 't',
      name: 'T',
      color: 'blue',
      skills,
      days: [1],
      start: '08:00',
      end: '18:00',
    })
    // a company none of whose people have skills (a new one) is told nothing; one that uses them is
    expect(missingSkills(tech([]), { skills: ['split'] }, [tech([]), tech([])])).toEqual([])
    expect(missingSkills(tech([]), { skills: ['split'] }, [tech([]), tech(['split'])])).toEqual(['split'])
  })

  it('books from the tray for the services’ minutes, else for the company’s visit length', async () => {
    const { admin, newOrder } = await setUp()
    const installation = await newOrder()
    const client = (await admin<List<{ id: string }>>('/cd_cliente?size=1')).body.Dados.items[0]
    const look = (
      await admin<Order>('/cd_ordem', {
        method: 'POST',
        json: { clientId: client.id, lines: [{ description: 'Ver o barulho', quantity: 1, unitPrice: 10_000 }] },
      })
    ).body.Dados
    const hours = async () => {
      const tray = (await admin<Board>(`/cd_ordemagendamento/board?from=${day}&to=${day}`)).body.Dados.tray
      return [installation.id, look.id].map((id) => tray.find((o) => o.id === id)?.hours)
    }
    // the installation's 180 minutes; no time given: an hour
    expect(await hours()).toEqual([3, 1])
    const set = await admin('/ac_empresas/1', { method: 'PATCH', json: { VISIT_MINUTES: 90 } })
    expect(set.status).toBe(200)
    expect(await hours()).toEqual([3, 1.5])
    const refused = await admin('/ac_empresas/1', { method: 'PATCH', json: { VISIT_MINUTES: 10 } })
    expect([refused.status, Object.keys(refused.body.codes ?? {})]).toEqual([400, ['VISIT_MINUTES']])
  })

  it('books a visit: the order is scheduled, the technician gets a visit, the board shows it and the tray no longer', async () => {
    const { admin, tech, newOrder, book } = await setUp()
    const order = await newOrder()
    const before = (await admin<Board>(`/cd_ordemagendamento/board?from=${day}&to=${day}`)).body.Dados
    expect(before.technicians.map((t) => t.id)).toContain(TECH_ID)
    expect(before.tray.map((o) => o.id)).toContain(order.id)
    const booked = await book(order.id, '09:00', '11:00')
    expect(booked.status).toBe(201)
    expect(booked.body.Dados).toMatchObject({ orderId: order.id, orderNumber: order.number, technicianIds: [TECH_ID] })
    expect(booked.body.Dados.visits).toEqual([expect.objectContaining({ technicianId: TECH_ID, status: 'assigned' })])
    expect((await admin<Order>(`/cd_ordem/${order.id}`)).body.Dados.status).toBe('scheduled')
    const after = (await admin<Board>(`/cd_ordemagendamento/board?from=${day}&to=${day}`)).body.Dados
    expect(after.appointments.map((a) => a.id)).toContain(booked.body.Dados.id)
    expect(after.tray.map((o) => o.id)).not.toContain(order.id)
    expect(after.stamp).not.toBe(before.stamp)
    const mine = (await tech<Visit[]>(`/cd_techorders?from=${day}&to=${day}`)).body.Dados
    expect(mine.map((v) => v.id)).toContain(booked.body.Dados.visits[0].id)
  })

  it('refuses an overlapping visit of the technician with the other one named, and books it when told to book anyway', async () => {
    const { admin, newOrder, book } = await setUp()
    const first = await book((await newOrder()).id, '09:00', '11:00')
    const second = await newOrder()
    const refused = await book(second.id, '10:30', '12:00')
    expect(refused.status).toBe(409)
    expect(refused.body).toMatchObject({
      code: 'overlap',
      conflict: {
        appointmentId: first.body.Dados.id,
        orderNumber: first.body.Dados.orderNumber,
        technicianId: TECH_ID,
      },
    })
    // nothing was booked: the order waits, the slot next to it is free
    expect((await admin<Order>(`/cd_ordem/${second.id}`)).body.Dados.status).toBe('new')
    expect((await book(second.id, '11:00', '12:00')).status).toBe(201)
    const third = await newOrder()
    expect((await book(third.id, '09:30', '10:00')).status).toBe(409)
    expect((await book(third.id, '09:30', '10:00', { force: true })).status).toBe(201)
  })

  it('of many bookings of one slot at once, exactly one is made', async () => {
    const { newOrder, book } = await setUp()
    const orders = await Promise.all(Array.from({ length: 8 }, () => newOrder()))
    const answers = await Promise.all(orders.map((o) => book(o.id, '14:00', '15:00')))
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409])
  })

  it('moves a visit (its claim moves with it), warns outside working hours, and cancels one not started', async () => {
    const { admin, newOrder, book } = await setUp()
    const a = (await book((await newOrder()).id, '09:00', '10:00')).body.Dados
    const b = (await book((await newOrder()).id, '10:00', '11:00')).body.Dados
    const read = await admin<Appointment>(`/cd_ordemagendamento/${a.id}`)
    const moved = await admin<Appointment>(`/cd_ordemagendamento/${a.id}`, {
      method: 'PATCH',
      headers: { 'if-match': read.etag! },
      json: { start: at('19:00'), end: at('20:00') },
    })
    expect(moved.status).toBe(200)
    // outside his hours (08:00 to 18:00)
    expect(moved.body.Dados.warnings).toEqual([{ code: 'outside_hours', technicianId: TECH_ID }])
    expect(read.body.Dados).not.toHaveProperty('warnings')
    // a painting job: the demo technician has no such skill
    const painting = await book((await newOrder('PINT-M2')).id, '15:00', '16:00')
    expect(painting.body.Dados.warnings).toEqual([
      { code: 'missing_skills', technicianId: TECH_ID, skills: ['pintura'] },
    ])
    // its old time is free again
    expect((await book((await newOrder()).id, '09:00', '10:00')).status).toBe(201)
    // a stale version is refused and changes nothing
    const stale = await admin(`/cd_ordemagendamento/${a.id}`, {
      method: 'PATCH',
      headers: { 'if-match': read.etag! },
      json: { start: at('07:00'), end: at('08:00') },
    })
    expect(stale.status).toBe(412)
    const cancelled = await admin(`/cd_ordemagendamento/${b.id}/cancel`, { method: 'POST' })
    expect(cancelled.status).toBe(200)
    expect((await admin<Order>(`/cd_ordem/${b.orderId}`)).body.Dados.status).toBe('new')
    expect((await admin(`/cd_ordemagendamento/${b.id}`)).status).toBe(404)
  })

  it('lets the technician move his own visit along; the order follows; another may not touch it', async () => {
    const { bff, admin, tech, newOrder, book } = await setUp()
    const a = (await book((await newOrder()).id, '13:00', '14:00')).body.Dados
    const visit = a.visits[0].id
    // the office may read it, but moving it is the technician's
    expect((await admin(`/cd_techorders/${visit}`)).status).toBe(200)
    expect((await tech(`/cd_techorders/${visit}/arrive`, { method: 'POST' })).status).toBe(409)
    const departed = await tech<Visit>(`/cd_techorders/${visit}/depart`, { method: 'POST' })
    expect(departed.status).toBe(200)
    expect(departed.body.Dados.times.en_route).toBeTruthy()
    expect((await admin<Order>(`/cd_ordem/${a.orderId}`)).body.Dados.status).toBe('in_progress')
    // a started visit keeps its start and technicians
    const moving = await admin(`/cd_ordemagendamento/${a.id}`, { method: 'PATCH', json: { start: at('12:00') } })
    expect(moving.status).toBe(409)
    expect((await admin(`/cd_ordemagendamento/${a.id}/cancel`, { method: 'POST' })).status).toBe(409)
    await tech(`/cd_techorders/${visit}/arrive`, { method: 'POST' })
    await tech(`/cd_techorders/${visit}/finish`, { method: 'POST' })
    expect((await admin<Order>(`/cd_ordem/${a.orderId}`)).body.Dados.status).toBe('completed')
    // another technician of the company sees nothing of it
    const token = await signInMember(bff, { empresa: 1, filial: 2, role: 'technician' }, 'Other Tech')
    const stranger = async <T>(path: string, init: { method?: string } = {}) => {
      const res = await bff.call(path, { ...init, token, headers: MAIN })
      return { status: res.status, body: (await res.json()) as { Dados: T } }
    }
    expect((await stranger(`/cd_techorders/${visit}`)).status).toBe(403)
    expect((await stranger(`/cd_techorders/${visit}/depart`, { method: 'POST' })).status).toBe(403)
    expect((await stranger<Visit[]>(`/cd_techorders?from=${day}&to=${day}`)).body.Dados).toEqual([])
  })

  it('refuses what makes no sense: an end before the start, a stranger as technician, a cancelled order, a wrong range', async () => {
    const { admin, newOrder, book } = await setUp()
    const order = await newOrder()
    expect((await book(order.id, '10:00', '09:00')).status).toBe(400)
    expect((await book(order.id, '06:00', '19:00')).status).toBe(400)
    const stranger = await admin('/cd_ordemagendamento', {
      method: 'POST',
      json: { orderId: order.id, technicianIds: ['someone-else'], start: at('09:00'), end: at('10:00') },
    })
    expect(stranger.status).toBe(400)
    await admin(`/cd_ordem/${order.id}/cancel`, { method: 'POST' })
    expect((await book(order.id, '09:00', '10:00')).status).toBe(409)
    expect((await admin(`/cd_ordemagendamento/board?from=${day}&to=2099-01-01`)).status).toBe(400)
    expect((await admin(`/cd_ordemagendamento/board?from=${day}&to=${day}&x=1`)).status).toBe(400)
  })

  it('streams the company’s changes to an open board (server-sent events), and only to who asks for a stream', async () => {
    const { bff, newOrder, book } = await setUp()
    const token = await bff.signIn(DEMO_ADMIN)
    expect((await bff.call('/cd_ordemagendamento/events', { token, headers: MAIN })).status).toBe(406)
    const res = await bff.call('/cd_ordemagendamento/events', {
      token,
      headers: { ...MAIN, accept: 'text/event-stream' },
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/event-stream')
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader()
    const next = async (event: string) => {
      let text = ''
      while (!text.includes(`event: ${event}`)) text += (await reader.read()).value ?? ''
      return text
    }
    await next('ready')
    const started = Date.now()
    await book((await newOrder()).id, '16:00', '17:00')
    expect(await next('change')).toMatch(/data: \d+/)
    // told at once in one process, not at the next look at the stored stamp
    expect(Date.now() - started).toBeLessThan(1500)
    await reader.cancel()
  })

  it('streams to a board only its own branch’s changes: a reader of another branch hears none of them', async () => {
    const { bff, admin, newOrder, book } = await setUp()
    const CAMPINAS = { 'x-empresa': '1', 'x-filial': '1' }
    const listen = async (token: string, tenant: Record<string, string>) => {
      const res = await bff.call('/cd_ordemagendamento/events', {
        token,
        headers: { ...tenant, accept: 'text/event-stream' },
      })
      expect(res.status).toBe(200)
      const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader()
      let text = ''
      const reading = (async () => {
        for (let r = await reader.read(); !r.done; r = await reader.read()) text += r.value
      })()
      return {
        ready: () => text.includes('event: ready'),
        changes: () => text.split('event: change').length - 1,
        stop: () => reader.cancel().then(() => reading),
      }
    }
    const until = async (done: () => boolean) => {
      for (const started = Date.now(); !done();) {
        if (Date.now() - started > 5000) throw new Error('waited 5 s')
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
    }
    // a dispatcher of Campinas (branch 1) and the main branch's board (branch 2), both open
    const dispatcher = await signInMember(bff, { empresa: 1, filial: 1, role: 'dispatcher' })
    expect((await bff.call('/cd_ordemagendamento/events', { token: dispatcher, headers: MAIN })).status).toBe(403)
    const campinas = await listen(dispatcher, CAMPINAS)
    const main = await listen(await bff.signIn(DEMO_ADMIN), MAIN)
    await until(() => campinas.ready() && main.ready())
    await book((await newOrder()).id, '16:00', '17:00')
    await until(() => main.changes() === 1)
    // past the streams' look at the stored stamps too (every 1.5 s), Campinas heard nothing
    await new Promise((resolve) => setTimeout(resolve, 2 * LIVE_CHECK_MS))
    expect(campinas.changes()).toBe(0)
    // what Campinas books it hears, and the main branch does not
    await signInMember(bff, { empresa: 1, filial: 1, role: 'technician' }, 'Caio Campos')
    const caio = (await bff.deps.repos.users.members(1)).find((m) => m.value.name === 'Caio Campos')!.value.id
    const client = (await admin<List<{ id: string }>>('/cd_cliente?size=1&sort=name')).body.Dados.items[0]
    const order = await admin<Order>('/cd_ordem', {
      method: 'POST',
      headers: CAMPINAS,
      json: { clientId: client.id, lines: [{ description: 'Visita técnica', quantity: 1, unitPrice: 9000 }] },
    })
    const booked = await admin('/cd_ordemagendamento', {
      method: 'POST',
      headers: CAMPINAS,
      json: { orderId: order.body.Dados.id, technicianIds: [caio], start: at('09:00'), end: at('10:00') },
    })
    expect(booked.status).toBe(201)
    await until(() => campinas.changes() === 1)
    await new Promise((resolve) => setTimeout(resolve, 2 * LIVE_CHECK_MS))
    expect(main.changes()).toBe(1)
    await Promise.all([campinas.stop(), main.stop()])
  })

  it('keeps to the branch: another branch’s board shows none of its visits, and cannot book its orders', async () => {
    const { bff, newOrder, book } = await setUp()
    const order = await newOrder()
    await book(order.id, '08:00', '09:00')
    const campinas = await callAs(bff, DEMO_ADMIN, { 'x-empresa': '1', 'x-filial': '1' })
    const board = (await campinas<Board>(`/cd_ordemagendamento/board?from=${day}&to=${day}`)).body.Dados
    expect(board.appointments).toEqual([])
    expect(board.tray.map((o) => o.id)).not.toContain(order.id)
    const other = await newOrder()
    const refused = await campinas('/cd_ordemagendamento', {
      method: 'POST',
      json: { orderId: other.id, technicianIds: [TECH_ID], start: at('10:00'), end: at('11:00') },
    })
    expect(refused.status).toBe(404)
    // and another company sees nothing of it
    const northwind = await callAs(bff, DEMO_ADMIN, { 'x-empresa': '2', 'x-filial': '4' })
    expect(
      (await northwind<Board>(`/cd_ordemagendamento/board?from=${day}&to=${day}`)).body.Dados.appointments,
    ).toEqual([])
  })

  it('a refused or lost move keeps the visit’s own time booked, and the winner’s time is the one held', async () => {
    const { admin, newOrder, book } = await setUp()
    const a = (await book((await newOrder()).id, '09:00', '11:00')).body.Dados
    await book((await newOrder()).id, '13:00', '15:00')
    // moved onto the other visit: refused, and its own time still holds
    const refused = await admin(`/cd_ordemagendamento/${a.id}`, {
      method: 'PATCH',
      json: { start: at('12:00'), end: at('14:00') },
    })
    expect(refused.status).toBe(409)
    expect((await book((await newOrder()).id, '09:30', '10:30')).status).toBe(409)
    // two moves at once from the same version: one wins, and only its time is held
    const version = (await admin(`/cd_ordemagendamento/${a.id}`)).etag!
    const moves = await Promise.all(
      ['15:00', '17:00'].map((start) =>
        admin(`/cd_ordemagendamento/${a.id}`, {
          method: 'PATCH',
          headers: { 'if-match': version },
          json: { start: at(start), end: at(`${Number(start.slice(0, 2)) + 1}:00`) },
        }),
      ),
    )
    expect(moves.map((m) => m.status).sort()).toEqual([200, 412])
    const won = moves[0].status === 200 ? '15:00' : '17:00'
    const lost = won === '15:00' ? '17:00' : '15:00'
    const next = (time: string) => `${Number(time.slice(0, 2)) + 1}:00`
    expect((await book((await newOrder()).id, won, next(won))).status).toBe(409)
    expect((await book((await newOrder()).id, lost, next(lost))).status).toBe(201)
    expect((await book((await newOrder()).id, '09:00', '10:00')).status).toBe(201)
    // a change of nothing is refused, and changes nothing
    expect((await admin(`/cd_ordemagendamento/${a.id}`, { method: 'PATCH', json: {} })).status).toBe(400)
  })

  it('shows a technician only his own visits on the board', async () => {
    const { bff, tech, newOrder, book } = await setUp()
    await book((await newOrder()).id, '08:00', '09:00')
    const token = await signInMember(bff, { empresa: 1, filial: 2, role: 'technician' }, 'Other Tech')
    const res = await bff.call(`/cd_ordemagendamento/board?from=${day}&to=${day}`, { token, headers: MAIN })
    const board = ((await res.json()) as { Dados: Board }).Dados
    expect(board.appointments).toEqual([])
    expect(board.tray).toEqual([])
    const his = (await tech<Board>(`/cd_ordemagendamento/board?from=${day}&to=${day}`)).body.Dados
    expect(his.appointments.length).toBeGreaterThan(0)
    expect(his.technicians.map((t) => t.id)).toEqual([TECH_ID])
  })
})
