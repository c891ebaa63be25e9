import { joinKey } from '../keys.ts'
import type { Store } from '../store.ts'
import { listRecord } from './list-record.ts'

/** One change of a record: who, when, what (created, updated, deactivated, a transition ...) and which fields. */
export type ActivityLine = {
  id: string
  at: string
  userId: string
  userName: string
  action: string
  fields?: string[]
  /** Money the line is about (a card payment the invoice could not take, a refund): cents, its currency and the provider's reference. */
  money?: { amount: number; currency: string; reference: string }
  /** The record's version this change made: the line shows once the record has it (docs/domain.md). */
  version?: number
  /** The Idempotency-Key of the request that made the change (hashed): what tells a retry that it landed. */
  key?: string
}

/** Kept per record, newest first; the oldest lines go past this many. */
const KEPT = 200

/** The activity lines of one record of a company's module. */
export function activityRepository(store: Store, empresa: number, module: string, recordId: string | number) {
  const lines = listRecord<ActivityLine>(store, joinKey('company', empresa, 'activity', module, recordId))
  return {
    /**
     * The lines, newest first. With the record's version: a line written for a change that never
     * reached the record (a crash or a lost reply between the two) is not shown, and of two lines
     * naming one version only the newest (the change written last) is.
     */
    async all(recordVersion?: number): Promise<ActivityLine[]> {
      const all = await lines.all()
      if (recordVersion === undefined) return all
      const seen = new Set<number>()
      return all.filter((line) => {
        if (line.version === undefined) return true
        if (line.version > recordVersion || seen.has(line.version)) return false
        seen.add(line.version)
        return true
      })
    },
    add: (line: ActivityLine) => lines.replace((items) => [line, ...items].slice(0, KEPT)),
    /** Adds a line whose id follows from what it records: the same event told twice makes one line. */
    addOnce: (line: ActivityLine) =>
      lines.replace((items) => (items.some((i) => i.id === line.id) ? items : [line, ...items].slice(0, KEPT))),
    remove: (id: string) => lines.remove(id),
  }
}
