import { sha256Hex, uuidFromHex } from '../bff/lib/base64.ts'
import { addDays, dateIn } from '../domain/dates.ts'
import { instantAt, timeIn } from '../domain/zone-clock.ts'
import type { AppointmentRecord, TechOrderRecord, TechOrderStatus } from '../domain/schemas/appointments.ts'
import type { StoredOrder } from '../domain/schemas/orders.ts'
import { WORK_DEFAULTS, WORK_WEEKS, type Work } from '../domain/tenancy.ts'
import { seeded } from './random.ts'

const HOUR = 3_600_000
/** The days around the day the demo data is loaded that the visits are spread over: a month. */
const PAST_DAYS = 14
const NEXT_DAYS = 14
/** A day's visits of a technician: two hours each, from his start, with a break between. */
const SLOT_STARTS_AFTER_START = [0, 2.5, 5.5]

type Technician = { id: string; name: string; work?: Work }
type Slot = { tech: string; start: number; end: number; day: number }

/**
 * docs/domain.md cd_ordemagendamento for the demo company: a month of visits (two weeks back, two
 * ahead of the day the data is loaded) for the main branch's technicians, in their working hours,
 * never two of one technician at once: the done orders' visits in the past, done; the orders in
 * progress today, on the way or on site; the scheduled ones ahead. The visit ids follow from the
 * appointment and the technician, as the app makes them (bff/lib/scheduling.ts).
 */
export async function seedAppointments(
  orders: StoredOrder[],
  technicians: Technician[],
  now: number,
  timeZone: string,
  checklistOf: (order: StoredOrder) => string[] = () => [],
  phoneOf: (order: StoredOrder) => string = () => '',
): Promise<{ appointments: AppointmentRecord[]; visits: TechOrderRecord[]; showcase: string[] }> {
  const r = seeded(5050)
  const today = dateIn(timeZone, now)
  const demoTech = technicians[0].id
  // each technician's free slots of the month, by day offset
  const free: Slot[] = []
  for (const t of technicians) {
    const work = { ...WORK_DEFAULTS, ...t.work }
    const days: readonly number[] = WORK_WEEKS[work.workWeek]
    for (let day = -PAST_DAYS; day <= NEXT_DAYS; day++) {
      const date = addDays(today, day)
      const dayStart = instantAt(date, work.workStart, timeZone)
      const dayEnd = instantAt(date, work.workEnd, timeZone)
      // the demo technician works today and tomorrow whatever the day (his day is what the demo shows)
      const workday =
        days.includes(timeIn(timeZone, dayStart).weekday) || (t.id === demoTech && (day === 0 || day === 1))
      if (!workday) continue
      for (const after of SLOT_STARTS_AFTER_START) {
        const start = dayStart + after * HOUR
        if (start + 2 * HOUR <= dayEnd) free.push({ tech: t.id, start, end: start + 2 * HOUR, day })
      }
    }
  }
  /** The demo technician's first free slot of a day (his day in order: done, on site, then ahead). */
  const first = (when: (slot: Slot) => boolean, latest = false) => {
    const slot = free
      .filter((s) => s.tech === demoTech && when(s))
      .sort((a, b) => (latest ? b.start - a.start : a.start - b.start))[0]
    if (slot) free.splice(free.indexOf(slot), 1)
    return slot ?? null
  }
  const take = (when: (day: number) => boolean, tech?: string) => {
    const choices = free.filter((s) => when(s.day) && (!tech || s.tech === tech))
    if (!choices.length) return null
    const slot = choices[r.int(0, Math.min(choices.length, 6) - 1)]
    free.splice(free.indexOf(slot), 1)
    return slot
  }
  const appointments: AppointmentRecord[] = []
  const visits: TechOrderRecord[] = []
  const showcase: string[] = []
  const book = async (order: StoredOrder, slot: Slot, status: TechOrderStatus) => {
    const id = r.uuid()
    const start = new Date(slot.start).toISOString()
    const end = new Date(slot.end).toISOString()
    appointments.push({
      id,
      filial: order.filial,
      orderId: order.id,
      orderNumber: order.number,
      clientName: order.clientName,
      serviceAddress: order.serviceAddress,
      technicianIds: [slot.tech],
      skills: order.skills,
      start,
      end,
      note: '',
      createdAt: new Date(Math.min(slot.start - 2 * 86_400_000, now)).toISOString(),
    })
    const at = (hours: number) => new Date(slot.start + hours * HOUR).toISOString()
    const done = status === 'done'
    const visitId = uuidFromHex(await sha256Hex(`visit\n${id}\n${slot.tech}`))
    visits.push({
      id: visitId,
      filial: order.filial,
      appointmentId: id,
      orderId: order.id,
      orderNumber: order.number,
      clientName: order.clientName,
      serviceAddress: order.serviceAddress,
      instructions: order.instructions,
      clientPhone: phoneOf(order),
      problem: order.problem,
      technicianId: slot.tech,
      technicianName: technicians.find((t) => t.id === slot.tech)!.name,
      start,
      end,
      status,
      times:
        status === 'done'
          ? { en_route: at(-0.5), on_site: at(0), done: at(1.75) }
          : status === 'on_site'
            ? { en_route: at(-0.5), on_site: at(0) }
            : status === 'en_route'
              ? { en_route: at(-0.5) }
              : {},
      clock: done ? [{ in: at(0), out: at(1.75) }] : status === 'on_site' ? [{ in: at(0), out: null }] : [],
      checklist: checklistOf(order).map((item, i) => ({ item, done: done || (status === 'on_site' && i === 0) })),
      report: done ? REPORTS[r.int(0, REPORTS.length - 1)] : '',
    })
    return visitId
  }
  let inProgress = 0
  let scheduled = 0
  let showcased = false
  for (const order of orders) {
    if (order.status === 'completed' || order.status === 'invoiced') {
      // the demo technician's first visit today is done (with photos and a signature) when it is over
      // (before his first visit is over, his last one before today is)
      const slot =
        !showcased && order.status === 'completed'
          ? (first((s) => s.day === 0 && s.end <= now) ?? first((s) => s.day < 0, true))
          : null
      if (slot) {
        showcased = true
        showcase.push(await book(order, slot, 'done'))
        continue
      }
      for (let n = r.int(1, 2); n > 0; n--) {
        const past = take((d) => d < 0)
        if (past) await book(order, past, 'done')
      }
    } else if (order.status === 'in_progress') {
      // the demo technician is on site at his next visit today; another technician is on the way
      const slot = (inProgress === 0 ? first((s) => s.day === 0) : take((d) => d === 0)) ?? take((d) => d < 0)
      if (slot) await book(order, slot, inProgress++ % 2 ? 'en_route' : 'on_site')
    } else if (order.status === 'scheduled') {
      // then the rest of his day and two visits tomorrow; the others across the two weeks ahead
      const mine = scheduled === 0 ? first((s) => s.day === 0) : scheduled < 3 ? first((s) => s.day === 1) : null
      scheduled++
      const slot = mine ?? take((d) => d >= 1, appointments.length % 3 ? undefined : demoTech) ?? take((d) => d >= 1)
      if (slot) await book(order, slot, 'assigned')
    }
  }
  return { appointments, visits, showcase }
}

/** What a done demo visit's report says. */
const REPORTS = [
  'Serviço concluído. Equipamento testado com o cliente, funcionando normalmente.',
  'Limpeza dos filtros e da serpentina, dreno desobstruído. Temperatura de saída conferida.',
  'Instalação concluída, vácuo e teste de estanqueidade feitos. Cliente orientado sobre o uso.',
]

/** A benchmark week's visits of a technician a day, at most: one hour each from 06:30, half an hour between. */
const WEEK_SLOTS = 8

/**
 * A full week of the dispatch board for the benchmarks (tests/bench/board.ts): each of `orders`
 * booked once, spread evenly over `technicians` and the seven days from `monday` (the branch's
 * time zone), one hour each from 06:30 with half an hour between, so a visit moved by 15 minutes
 * never meets the next; all assigned. The visit ids follow from the appointment and the technician,
 * as the app makes them (bff/lib/scheduling.ts).
 */
export async function weekOfAppointments(
  orders: StoredOrder[],
  technicians: Array<{ id: string; name: string }>,
  monday: string,
  timeZone: string,
  now: number,
): Promise<{ appointments: AppointmentRecord[]; visits: TechOrderRecord[] }> {
  if (orders.length > technicians.length * 7 * WEEK_SLOTS)
    throw new Error(`at most ${technicians.length * 7 * WEEK_SLOTS} visits fit in the week`)
  const r = seeded(6060)
  const appointments: AppointmentRecord[] = []
  const visits: TechOrderRecord[] = []
  for (const [i, order] of orders.entries()) {
    const tech = technicians[i % technicians.length]
    const n = Math.floor(i / technicians.length)
    const from = instantAt(addDays(monday, n % 7), '06:30', timeZone) + Math.floor(n / 7) * 1.5 * HOUR
    const id = r.uuid()
    const start = new Date(from).toISOString()
    const end = new Date(from + HOUR).toISOString()
    const shared = {
      filial: order.filial,
      orderId: order.id,
      orderNumber: order.number,
      clientName: order.clientName,
      serviceAddress: order.serviceAddress,
      start,
      end,
    }
    appointments.push({
      id,
      ...shared,
      technicianIds: [tech.id],
      skills: order.skills,
      note: '',
      createdAt: new Date(now).toISOString(),
    })
    visits.push({
      id: uuidFromHex(await sha256Hex(`visit\n${id}\n${tech.id}`)),
      ...shared,
      appointmentId: id,
      instructions: order.instructions,
      technicianId: tech.id,
      technicianName: tech.name,
      status: 'assigned',
      times: {},
    })
  }
  return { appointments, visits }
}
