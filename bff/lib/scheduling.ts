import { owing, type Owner } from './derived.ts'
import { missingSkills, outsideHours } from '../../domain/board-view.ts'
import { addDays } from '../../domain/dates.ts'
import { instantAt } from '../../domain/zone-clock.ts'
import {
  APPOINTMENTS,
  MAX_APPOINTMENT_MS,
  MIN_APPOINTMENT_MS,
  TECH_ORDERS,
  type AppointmentChange,
  type AppointmentInput,
  type AppointmentRecord,
  type AppointmentRow,
  type BoardAnswer,
  type Conflict,
  type TechnicianRow,
  type TechOrderRecord,
  type TrayRow,
  trayHours,
} from '../../domain/schemas/appointments.ts'
import { CLIENTS, type ClientRecord } from '../../domain/schemas/clients.ts'
import { EQUIPMENT, equipmentLabel, equipmentName, type EquipmentRecord } from '../../domain/schemas/equipment.ts'
import { JOBS, type JobRecord } from '../../domain/schemas/jobs.ts'
import { ORDER_PRIORITIES, type OrderStatus, type StoredOrder } from '../../domain/schemas/orders.ts'
import { activeGrants, WORK_DEFAULTS, WORK_WEEKS } from '../../domain/tenancy.ts'
import { weeksOf } from '../../storage/repositories/bookings.ts'
import { ConflictError } from '../../storage/errors.ts'
import { sha256Hex, uuidFromHex } from './base64.ts'
import type { Deps } from './deps.ts'
import { apiError, fieldError, notFound, ruleError } from './errors.ts'
import { orderStore } from './order-store.ts'
import { withActivityLine, type Caller } from './resource.ts'
import { noticeToMembers } from './member-notice.ts'

/** What the board keeps of each appointment in memory: enough to pick a week's out of a year's. */
type AppointmentIndexRow = { id: string; filial: number; orderId: string; start: number; end: number }
/** What is kept of each visit: enough to tell an order's and an appointment's visits and their state. */
type VisitIndexRow = Pick<
  TechOrderRecord,
  'id' | 'filial' | 'appointmentId' | 'orderId' | 'technicianId' | 'status' | 'start'
>

/** The statuses an order may be scheduled in (a new one, or one with visits already). */
const SCHEDULABLE = new Set<OrderStatus>(['new', 'scheduled', 'in_progress'])
/** The statuses that follow from the visits (docs/domain.md cd_ordem): never set by hand. */
const DERIVED = new Set<OrderStatus>(['new', 'scheduled', 'in_progress', 'completed'])

/** What one write changed, for the boards that show it (bff/lib/live.ts): one branch's board. */
export type BoardChange = { empresa: number; filial: number }

/**
 * An order's status as its visits make it: none new, all done completed, one started in progress;
 * one that could not be completed sends it back to new (to be booked again) once the others are done.
 */
export function orderStatusOf(visits: Array<Pick<TechOrderRecord, 'status'>>): OrderStatus {
  // a visit that could not complete its work leaves the order waiting for another one
  const failed = visits.some((v) => v.status === 'could_not_complete')
  const live = visits.filter((v) => v.status !== 'could_not_complete')
  if (!live.length) return 'new'
  if (live.every((v) => v.status === 'done')) return failed ? 'new' : 'completed'
  if (live.some((v) => v.status !== 'assigned')) return 'in_progress'
  return 'scheduled'
}

/**
 * cd_ordemagendamento and cd_techorders (docs/domain.md): appointments of a branch's orders, each
 * making one tech order (visit) per technician; two of one technician's appointments never
 * overlap unless the dispatcher books anyway (storage/repositories/bookings.ts keeps the claims);
 * the order's status follows its visits.
 */
export function scheduling(deps: Deps) {
  const appointments = (empresa: number) =>
    deps.repos.indexed<AppointmentRecord, AppointmentIndexRow>(
      empresa,
      APPOINTMENTS,
      (a) => ({ id: a.id, filial: a.filial, orderId: a.orderId, start: Date.parse(a.start), end: Date.parse(a.end) }),
      'board',
    )
  const visits = (empresa: number) =>
    deps.repos.indexed<TechOrderRecord, VisitIndexRow>(
      empresa,
      TECH_ORDERS,
      (v) => ({
        id: v.id,
        filial: v.filial,
        appointmentId: v.appointmentId,
        orderId: v.orderId,
        technicianId: v.technicianId,
        status: v.status,
        start: v.start,
      }),
      'visits',
    )
  /** The visits grouped by one of their fields, kept until the visits change. */
  const visitsBy = (empresa: number, field: 'appointmentId' | 'orderId') =>
    visits(empresa).memo(`by ${field}`, (rows) => {
      const groups = new Map<string, VisitIndexRow[]>()
      for (const row of rows.values()) {
        const list = groups.get(row[field])
        if (list) list.push(row)
        else groups.set(row[field], [row])
      }
      return groups
    })

  /** The board is the current branch's (docs/domain.md: records of the current branch). */
  const mayRead = (who: Caller, filial: number) => filial === who.tenant.filial

  /** The branch's technicians: active members of the company with the technician role there. */
  async function technicians(who: Caller): Promise<TechnicianRow[]> {
    const { empresa, filial } = who.tenant
    const members = await deps.repos.users.members(empresa)
    return members
      .flatMap(({ value: u }) => {
        const grant = activeGrants(u).find((g) => g.empresa === empresa)
        if (!u.active || !grant || grant.role !== 'technician' || (grant.filial !== 'all' && grant.filial !== filial))
          return []
        const work = { ...WORK_DEFAULTS, ...grant.work }
        return [
          {
            id: u.id,
            name: u.name,
            color: work.color,
            skills: work.skills,
            days: [...WORK_WEEKS[work.workWeek]],
            start: work.workStart,
            end: work.workEnd,
          },
        ]
      })
      .sort((a, b) => a.name.localeCompare(b.name))
  }

  /** The current branch's time zone (its days are the board's). */
  async function timeZoneOf(who: Caller) {
    const branch = await deps.repos.companies.findBranch(who.tenant.empresa, who.tenant.filial)
    return branch?.TIME_ZONE ?? 'UTC'
  }

  /** What a branch's board compares to know it is current: a number each write of its appointments and visits moves. */
  async function stamp(empresa: number, filial: number) {
    return String(await deps.repos.boardStamp(empresa, filial).get())
  }

  async function rowsOf(empresa: number, records: AppointmentRecord[]): Promise<AppointmentRow[]> {
    const byAppointment = await visitsBy(empresa, 'appointmentId')
    return records.map((a) => ({
      ...a,
      visits: (byAppointment.get(a.id) ?? []).map((v) => ({
        id: v.id,
        technicianId: v.technicianId,
        status: v.status,
      })),
    }))
  }

  /** The orders of the branch waiting for a date (new), the most urgent first, with the hours their jobs take. */
  async function tray(who: Caller): Promise<TrayRow[]> {
    const { empresa, filial } = who.tenant
    const store = orderStore(deps, empresa)
    const ids = await store.memo(`tray ${filial}`, (rows) =>
      [...rows.values()]
        .filter((r) => r.filial === filial && r.status === 'new')
        // the most urgent first (priorities are declared from low to urgent)
        .sort(
          (a, b) =>
            ORDER_PRIORITIES.indexOf(b.priority) - ORDER_PRIORITIES.indexOf(a.priority) ||
            a.number.localeCompare(b.number),
        )
        .slice(0, 100)
        .map((r) => r.id),
    )
    const [orders, jobs, company] = await Promise.all([
      store.getMany(ids),
      deps.repos.collection<JobRecord>(empresa, JOBS).rows(),
      deps.repos.companies.find(empresa),
    ])
    return orders.map((o) => {
      const minutes = o.lines.reduce(
        (sum, l) => sum + (l.jobId ? (jobs.get(l.jobId)?.durationMinutes ?? 0) * l.quantity : 0),
        0,
      )
      return {
        id: o.id,
        number: o.number,
        clientName: o.clientName,
        serviceAddress: o.serviceAddress,
        priority: o.priority,
        skills: o.skills,
        hours: trayHours(minutes, company?.VISIT_MINUTES),
        preferredTechnicianId: o.preferredTechnicianId ?? null,
      }
    })
  }

  /** The board of the days `from` to `to` (in the branch's time zone). */
  async function board(who: Caller, from: string, to: string): Promise<BoardAnswer> {
    const { empresa, filial } = who.tenant
    const timeZone = await timeZoneOf(who)
    const start = instantAt(from, '00:00', timeZone)
    const end = instantAt(addDays(to, 1), '00:00', timeZone)
    const store = appointments(empresa)
    const ids = await store.memo(`range ${filial} ${start} ${end}`, (rows) =>
      [...rows.values()]
        .filter((r) => r.filial === filial && r.start < end && start < r.end)
        .sort((a, b) => a.start - b.start)
        .map((r) => r.id),
    )
    // a technician's board is his own visits (another's are not his to read: docs/domain.md cd_techorders)
    const own = who.tenant.grant.role === 'technician' ? who.user.id : null
    const [records, techs, waiting, current] = await Promise.all([
      store.getMany(ids),
      technicians(who),
      own ? [] : tray(who),
      stamp(empresa, filial),
    ])
    return {
      timeZone,
      technicians: own ? techs.filter((t) => t.id === own) : techs,
      appointments: await rowsOf(empresa, own ? records.filter((a) => a.technicianIds.includes(own)) : records),
      tray: waiting,
      stamp: current,
    }
  }

  async function find(who: Caller, id: string) {
    const hit = await appointments(who.tenant.empresa).get(id)
    return hit && mayRead(who, hit.value.filial) ? hit : null
  }

  /** The appointments' current times and technicians, for the claims (storage/repositories/bookings.ts). */
  const bookedNow = (empresa: number) => async (ids: string[]) => {
    const records = await appointments(empresa).getMany(ids)
    return new Map(
      records.map((a) => [
        a.id,
        { start: Date.parse(a.start), end: Date.parse(a.end), technicianIds: a.technicianIds },
      ]),
    )
  }

  /**
   * Claims the appointment's times for each technician: none taken when one of them has another
   * appointment then (unless `force`); the other one named in a 409.
   */
  async function claimAll(
    who: Caller,
    techs: TechnicianRow[],
    slot: { id: string; start: number; end: number },
    force: boolean,
    undo: (claimed: string[]) => Promise<void>,
  ) {
    const { empresa } = who.tenant
    const bookings = deps.repos.bookings(empresa, deps.now)
    const claimed: string[] = []
    for (const tech of techs) {
      const found = await bookings.claim(tech.id, slot, force, bookedNow(empresa))
      if (found.length) {
        await undo(claimed)
        const other = (await appointments(empresa).get(found[0].id))?.value
        const conflict: Conflict = {
          appointmentId: found[0].id,
          orderNumber: other?.orderNumber ?? '',
          technicianId: tech.id,
          technicianName: tech.name,
          start: new Date(found[0].start).toISOString(),
          end: new Date(found[0].end).toISOString(),
        }
        throw apiError(
          409,
          `${tech.name} has another visit then${other ? ` (${other.orderNumber})` : ''}: book anyway to keep both`,
          undefined,
          { code: 'overlap', conflict },
        )
      }
      claimed.push(tech.id)
    }
  }

  /** What the dispatcher should know of a booking: outside a technician's hours, or without the order's skills. */
  function warningsOf(a: AppointmentRecord, techs: TechnicianRow[], timeZone: string) {
    const warnings: Array<{ code: 'outside_hours' | 'missing_skills'; technicianId: string; skills?: string[] }> = []
    for (const tech of techs.filter((t) => a.technicianIds.includes(t.id))) {
      if (outsideHours(tech, a, timeZone)) warnings.push({ code: 'outside_hours', technicianId: tech.id })
      const missing = missingSkills(tech, a, techs)
      if (missing.length) warnings.push({ code: 'missing_skills', technicianId: tech.id, skills: missing })
    }
    return warnings
  }

  /** The visit of a technician on an appointment: its id follows from both (one per technician). */
  const visitId = async (appointmentId: string, technicianId: string) =>
    uuidFromHex(await sha256Hex(`visit\n${appointmentId}\n${technicianId}`))

  /** A visit's checklist: the items of the order's jobs (docs/domain.md cd_job), each once, none ticked. */
  async function checklistOf(empresa: number, order: StoredOrder) {
    const jobs = await deps.repos.collection<JobRecord>(empresa, JOBS).rows()
    const items = order.lines.flatMap((l) => (l.jobId ? (jobs.get(l.jobId)?.checklist ?? []) : []))
    return [...new Set(items)].map((item) => ({ item, done: false }))
  }

  /** The visits of an appointment brought to its technicians and times (made, moved or removed). */
  async function syncVisits(who: Caller, a: AppointmentRecord, order: StoredOrder, team: TechnicianRow[]) {
    const { empresa } = who.tenant
    const store = visits(empresa)
    const had = (await visitsBy(empresa, 'appointmentId')).get(a.id) ?? []
    for (const v of had) if (!a.technicianIds.includes(v.technicianId)) await store.remove(v.id)
    const checklist = await checklistOf(empresa, order)
    // the client's phone, for the technician to call
    const client = (await deps.repos.collection<ClientRecord>(empresa, CLIENTS).get(order.clientId))?.value
    const clientPhone = client?.contacts.find((c) => c.kind === 'phone')?.value ?? ''
    // the machines it is for, named as the technician finds them on site
    const machines = (
      await deps.repos.collection<EquipmentRecord>(empresa, EQUIPMENT).getMany(order.equipmentIds ?? [])
    ).map((m) => equipmentLabel({ ...m, name: equipmentName(m) }))
    for (const technicianId of a.technicianIds) {
      const id = await visitId(a.id, technicianId)
      const fields = {
        start: a.start,
        end: a.end,
        clientName: order.clientName,
        serviceAddress: order.serviceAddress,
        instructions: order.instructions,
        clientPhone,
        problem: order.problem,
        machines,
      }
      const current = await store.get(id)
      // a visit keeps its ticks; one made before checklists were gets the order's
      if (current) await store.update(id, (v) => ({ ...v, ...fields, checklist: v.checklist ?? checklist }))
      else
        await store.put({
          id,
          filial: a.filial,
          appointmentId: a.id,
          orderId: a.orderId,
          orderNumber: a.orderNumber,
          technicianId,
          technicianName: team.find((t) => t.id === technicianId)?.name ?? '',
          status: 'assigned',
          times: {},
          checklist,
          ...fields,
        })
    }
  }

  /**
   * The order's status brought to what its visits make it (on hold: the status it goes back to): the
   * settling of the derived fact "order-status" every visit write owes (bff/lib/derived.ts).
   * Answers whether it changed the order.
   */
  async function deriveOrder(who: Owner, orderId: string): Promise<boolean> {
    const { empresa } = who.tenant
    const store = orderStore(deps, empresa)
    const order = await store.get(orderId)
    if (!order) return false
    const status = orderStatusOf((await visitsBy(empresa, 'orderId')).get(orderId) ?? [])
    const o = order.value
    if (o.status === 'on_hold' && o.hold && o.hold.from !== status) {
      await store.update(orderId, (x) => (x.hold ? { ...x, hold: { ...x.hold, from: status } } : x))
      return true
    }
    if (!DERIVED.has(o.status) || o.status === status) return false
    return withActivityLine(
      deps,
      { empresa, module: 'cd_ordem', id: orderId },
      { by: who.user, action: `became_${status}`, made: order.version + 1 },
      () =>
        store.update(orderId, (x) => (DERIVED.has(x.status) ? { ...x, status } : x), { expectVersion: order.version }),
    ).then(
      async () => {
        // its last visit ended: who bills the branch is told (the orders-to-invoice home card keeps it in view)
        if (status === 'completed')
          await noticeToMembers(
            deps,
            { empresa, filial: o.filial, page: 'cd_invoice', level: 'edit' },
            {
              icon: 'heroicons_mini:check-circle',
              text: { key: 'notice_order_completed', values: { order: o.number, client: o.clientName } },
              link: `/view/cd_ordem/${orderId}`,
            },
          )
        return true
      },
      (error: unknown) => {
        // another write changed the order meanwhile: its status is worked out again from the visits
        if (error instanceof ConflictError) return deriveOrder(who, orderId)
        throw error
      },
    )
  }

  /**
   * After a change: the boards showing the caller's branch (the one the change is of) are told, and
   * no other branch's (bff/lib/live.ts). The change is written whatever happens here: a stamp that
   * could not be moved only delays what boards in other processes hear until the next change.
   */
  async function changed(who: Owner) {
    const { empresa, filial } = who.tenant
    await deps.repos
      .boardStamp(empresa, filial)
      .bump()
      .catch((error: unknown) => deps.log.error(`the board stamp of branch ${filial} was not moved`, error))
    deps.live.publish(empresa, filial)
  }

  /** An order's visits, in time order. */
  async function visitsOf(empresa: number, orderId: string) {
    const rows = (await visitsBy(empresa, 'orderId')).get(orderId) ?? []
    return (await visits(empresa).getMany(rows.map((r) => r.id))).sort((a, b) => a.start.localeCompare(b.start))
  }

  return {
    technicians,
    timeZoneOf,
    visitsOf,
    /** The ids of an order's visits, from the visits' index. */
    visitIdsOf: async (empresa: number, orderId: string) =>
      ((await visitsBy(empresa, 'orderId')).get(orderId) ?? []).map((v) => v.id),
    board,
    find,
    stamp,
    rowOf: async (who: Caller, a: AppointmentRecord) => (await rowsOf(who.tenant.empresa, [a]))[0],
    visits,
    deriveOrder,
    changed,

    /** Books a visit: an order of the branch, its technicians, from and to. */
    async book(who: Caller, input: AppointmentInput) {
      const { empresa, filial } = who.tenant
      const order = (await orderStore(deps, empresa).get(input.orderId))?.value
      if (!order || !mayRead(who, order.filial) || order.filial !== filial) throw notFound('Order')
      if (!SCHEDULABLE.has(order.status)) throw ruleError(409, 'order_not_schedulable')
      const team = await technicians(who)
      const techs = input.technicianIds.map((id) => team.find((t) => t.id === id))
      if (techs.some((t) => !t)) throw fieldError('technicianIds', 'not_a_technician')
      const id = who.newId()
      const start = Date.parse(input.start)
      const end = Date.parse(input.end)
      const bookings = deps.repos.bookings(empresa, deps.now)
      await claimAll(who, techs as TechnicianRow[], { id, start, end }, input.force, async (claimed) => {
        for (const t of claimed) await bookings.releaseExact(t, { id, start, end })
      })
      const record: AppointmentRecord = {
        id,
        filial,
        orderId: order.id,
        orderNumber: order.number,
        clientName: order.clientName,
        serviceAddress: order.serviceAddress,
        technicianIds: input.technicianIds,
        skills: order.skills,
        start: new Date(start).toISOString(),
        end: new Date(end).toISOString(),
        note: input.note,
        createdAt: new Date(deps.now()).toISOString(),
      }
      // a retry of the same request (its Idempotency-Key makes the same id) finds it written
      const saved =
        (await appointments(empresa).get(id)) ?? (await appointments(empresa).put(record, { expectVersion: 0 }))
      await owing(deps, who, 'order-status', order.id, () => syncVisits(who, saved.value, order, team))
      await changed(who)
      return { saved, warnings: warningsOf(saved.value, team, await timeZoneOf(who)) }
    },

    /** Moves, resizes or reassigns a visit; a started one may only change its end. */
    async move(who: Caller, id: string, change: AppointmentChange, expectVersion: number | undefined) {
      const { empresa } = who.tenant
      const hit = await find(who, id)
      if (!hit) throw notFound('Appointment')
      if (expectVersion !== undefined && expectVersion !== hit.version)
        throw new ConflictError(id, expectVersion, hit.version)
      const before = hit.value
      const next: AppointmentRecord = {
        ...before,
        ...(change.technicianIds ? { technicianIds: change.technicianIds } : {}),
        ...(change.start ? { start: new Date(Date.parse(change.start)).toISOString() } : {}),
        ...(change.end ? { end: new Date(Date.parse(change.end)).toISOString() } : {}),
        ...(change.note !== undefined ? { note: change.note } : {}),
      }
      const [start, end] = [Date.parse(next.start), Date.parse(next.end)]
      if (end - start < MIN_APPOINTMENT_MS) throw fieldError('end', 'end_before_start')
      if (end - start > MAX_APPOINTMENT_MS) throw fieldError('end', 'appointment_too_long')
      const order = (await orderStore(deps, empresa).get(before.orderId))?.value
      if (order && !SCHEDULABLE.has(order.status) && order.status !== 'completed')
        throw ruleError(409, 'order_not_schedulable')
      const started = ((await visitsBy(empresa, 'appointmentId')).get(id) ?? []).some((v) => v.status !== 'assigned')
      const sameTeam = next.technicianIds.join() === before.technicianIds.join()
      if (started && (!sameTeam || next.start !== before.start)) throw ruleError(409, 'visit_started')
      const team = await technicians(who)
      const techs = next.technicianIds.map((t) => team.find((x) => x.id === t))
      // a technician who left the branch keeps the visits he had; a new one must be of the branch
      if (techs.some((t, i) => !t && !before.technicianIds.includes(next.technicianIds[i])))
        throw fieldError('technicianIds', 'not_a_technician')
      const known = techs.map((t, i) => t ?? { ...WORK_ROW, id: next.technicianIds[i], name: '' })
      const bookings = deps.repos.bookings(empresa, deps.now)
      const oldWeeks = weeksOf(Date.parse(before.start), Date.parse(before.end))
      const slot = { id, start, end }
      // the new times are claimed beside the old ones (storage/repositories/bookings.ts); a refusal
      // or a failed write lets the new ones go, a write lets the old ones go
      const letNewGo = async (techs: string[]) => {
        for (const t of techs) await bookings.releaseExact(t, slot)
      }
      await claimAll(who, known, slot, change.force, letNewGo)
      const saved = await appointments(empresa)
        .update(id, () => next, { expectVersion: hit.version })
        .catch(async (error: unknown) => {
          await letNewGo(next.technicianIds)
          throw error
        })
      for (const t of before.technicianIds)
        if (next.technicianIds.includes(t)) await bookings.releaseExcept(t, slot, oldWeeks)
        else await bookings.release(t, id, oldWeeks)
      if (order) await owing(deps, who, 'order-status', order.id, () => syncVisits(who, next, order, team))
      await changed(who)
      return { saved: saved!, warnings: warningsOf(next, team, await timeZoneOf(who)) }
    },

    /** Cancels a visit not started yet: the appointment and its visits are gone, the times free. */
    async cancel(who: Caller, id: string, expectVersion: number | undefined) {
      const { empresa } = who.tenant
      const hit = await find(who, id)
      if (!hit) throw notFound('Appointment')
      if (expectVersion !== undefined && expectVersion !== hit.version)
        throw new ConflictError(id, expectVersion, hit.version)
      const mine = (await visitsBy(empresa, 'appointmentId')).get(id) ?? []
      if (mine.some((v) => v.status !== 'assigned')) throw ruleError(409, 'visit_started')
      // its visits first: a cancel cut short leaves the appointment, which a retry finds and ends
      await owing(deps, who, 'order-status', hit.value.orderId, async () => {
        for (const v of mine) await visits(empresa).remove(v.id)
      })
      await appointments(empresa).remove(id)
      const bookings = deps.repos.bookings(empresa, deps.now)
      const weeks = weeksOf(Date.parse(hit.value.start), Date.parse(hit.value.end))
      for (const t of hit.value.technicianIds) await bookings.release(t, id, weeks)
      await changed(who)
    },
  }
}

/** A technician no longer of the branch, as a claim sees him (his hours do not matter there). */
const WORK_ROW: TechnicianRow = { id: '', name: '', color: 'slate', skills: [], days: [], start: '00:00', end: '23:59' }
