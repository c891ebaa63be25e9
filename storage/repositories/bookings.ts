import { keys } from '../keys.ts'
import { createKeyLock } from '../lock.ts'
import type { Store } from '../store.ts'

/** A booked time of a technician: its appointment, from and to (ms), and when it was claimed. */
export type Slot = { id: string; start: number; end: number; at: number }
type Week = { slots: Slot[] }

const WEEK_MS = 7 * 86_400_000
/** A slot whose appointment is not there this long after its claim was left by a write that never finished. */
export const ORPHAN_GRACE_MS = 60_000

/** The weeks (Monday 00:00 UTC, as YYYY-MM-DD) a time range touches. */
export function weeksOf(start: number, end: number): string[] {
  // 1970-01-05 was a Monday
  const monday = (t: number) => Math.floor((t - 4 * 86_400_000) / WEEK_MS) * WEEK_MS + 4 * 86_400_000
  const weeks: string[] = []
  for (let w = monday(start); w < end; w += WEEK_MS) weeks.push(new Date(w).toISOString().slice(0, 10))
  return weeks
}

const inProcess = createKeyLock()

/**
 * The technicians' booked times (docs/domain.md cd_ordemagendamento: two appointments of one
 * technician may not overlap), kept per technician and week so that a claim is one atomic update
 * of one key on every storage: of two dispatchers booking one slot at once, the second finds the
 * first's claim. `booked` answers where the slots' appointments are now: a slot older than
 * ORPHAN_GRACE_MS that its appointment no longer holds (a write that died between its claim and
 * its record, or between the record and letting the old times go) is dropped.
 */
export function bookingsRepository(store: Store, empresa: number, now: () => number = Date.now) {
  const keyOf = (technician: string, week: string) => keys.bookings(empresa, technician, week)
  const change = (key: string, fn: (week: Week) => Promise<Week> | Week) =>
    inProcess(key, () => store.update<Week>(key, async (cur) => fn(cur?.value ?? { slots: [] })))

  /** The technician's slot of an appointment let go, in the weeks given. */
  async function release(technician: string, id: string, weeks: string[]) {
    for (const week of weeks)
      await change(keyOf(technician, week), (w) => ({ slots: w.slots.filter((s) => s.id !== id) }))
  }

  return {
    /**
     * Claims `slot` for `technician` in every week it touches, unless another of his slots overlaps
     * it (`force` claims anyway): answers the overlapping slots found (none: claimed). A claim that
     * fails in a later week is taken back from the earlier ones.
     */
    async claim(
      technician: string,
      slot: Omit<Slot, 'at'>,
      force: boolean,
      booked: (ids: string[]) => Promise<Map<string, { start: number; end: number; technicianIds: string[] }>>,
    ): Promise<Slot[]> {
      const claimed: string[] = []
      for (const week of weeksOf(slot.start, slot.end)) {
        let found: Slot[] = []
        await change(keyOf(technician, week), async (w) => {
          const others = w.slots.filter((s) => s.id !== slot.id)
          const young = (s: Slot) => now() - s.at < ORPHAN_GRACE_MS
          const current = await booked(others.filter((s) => !young(s)).map((s) => s.id))
          const held = (s: Slot) => {
            const a = current.get(s.id)
            return a !== undefined && a.technicianIds.includes(technician) && a.start === s.start && a.end === s.end
          }
          const live = others.filter((s) => young(s) || held(s))
          found = live.filter((s) => s.start < slot.end && slot.start < s.end)
          return found.length && !force ? { slots: live } : { slots: [...live, { ...slot, at: now() }] }
        })
        if (found.length && !force) {
          await release(technician, slot.id, claimed)
          return found
        }
        claimed.push(week)
      }
      return []
    },
    release,
  }
}
