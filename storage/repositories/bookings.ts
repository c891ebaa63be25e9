import { keys } from '../keys.ts'
import { createKeyLock } from '../lock.ts'
import type { Store } from '../store.ts'
import { overlaps } from '../../domain/schemas/appointments.ts'

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

/** Two slots are one claim: the same appointment at the same times. */
const same = (a: Omit<Slot, 'at'>, b: Omit<Slot, 'at'>) => a.id === b.id && a.start === b.start && a.end === b.end

/**
 * The technicians' booked times (docs/domain.md cd_ordemagendamento: two appointments of one
 * technician may not overlap), kept per technician and week so that a claim is one atomic update
 * of one key (compare-and-swap where the storage has it; one writer per key in this process where
 * it has not, as on Cloudflare KV): of two dispatchers booking one slot at once, the second finds
 * the first's claim. An appointment may hold two claims while it moves (its times before and
 * after): a claim is never checked against the same appointment's, and the move lets the old one
 * go once written (`releaseExcept`), or the new one when it failed (`releaseExact`). `booked`
 * answers where the slots' appointments are now: a claim older than ORPHAN_GRACE_MS that its
 * appointment no longer holds (a write that died half-way) is dropped.
 */
export function bookingsRepository(store: Store, empresa: number, now: () => number = Date.now) {
  const keyOf = (technician: string, week: string) => keys.bookings(empresa, technician, week)
  const change = (key: string, fn: (week: Week) => Promise<Week> | Week) =>
    inProcess(key, () => store.update<Week>(key, async (cur) => fn(cur?.value ?? { slots: [] })))
  /** The technician's claims of appointment `id` in the weeks given that `drop` picks, let go. */
  async function releaseWhere(technician: string, weeks: string[], drop: (s: Slot) => boolean) {
    for (const week of weeks) await change(keyOf(technician, week), (w) => ({ slots: w.slots.filter((s) => !drop(s)) }))
  }

  return {
    /**
     * Claims `slot` for `technician` in every week it touches, unless another appointment of his
     * overlaps it (`force` claims anyway): answers the overlapping slots found (none: claimed). A
     * claim refused in a later week is taken back from the earlier ones; the appointment's other
     * claims (its times before a move) are left as they were.
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
          const young = (s: Slot) => now() - s.at < ORPHAN_GRACE_MS
          const current = await booked([...new Set(w.slots.filter((s) => !young(s)).map((s) => s.id))])
          const held = (s: Slot) => {
            const a = current.get(s.id)
            return a !== undefined && a.technicianIds.includes(technician) && a.start === s.start && a.end === s.end
          }
          const live = w.slots.filter((s) => !same(s, slot) && (young(s) || held(s)))
          found = live.filter((s) => s.id !== slot.id && overlaps(s, slot))
          return found.length && !force ? { slots: live } : { slots: [...live, { ...slot, at: now() }] }
        })
        if (found.length && !force) {
          await releaseWhere(technician, claimed, (s) => same(s, slot))
          return found
        }
        claimed.push(week)
      }
      return []
    },
    /** Every claim of appointment `id` by the technician in the weeks given, let go (it is cancelled, or he is off it). */
    release: (technician: string, id: string, weeks: string[]) => releaseWhere(technician, weeks, (s) => s.id === id),
    /** The claim of `slot` let go (its move failed). */
    releaseExact: (technician: string, slot: Omit<Slot, 'at'>) =>
      releaseWhere(technician, weeksOf(slot.start, slot.end), (s) => same(s, slot)),
    /** The appointment's claims but `kept` let go, in the weeks given (its times before a move). */
    releaseExcept: (technician: string, kept: Omit<Slot, 'at'>, weeks: string[]) =>
      releaseWhere(technician, weeks, (s) => s.id === kept.id && !same(s, kept)),
  }
}
