import { MESSAGES, type MessageCode } from '../../domain/messages.ts'
import { apiError } from './errors.ts'
import type { Caller, ResourceSource } from './resource.ts'

/**
 * A field whose value one record of a company collection holds alone (a client's tax id, a job's
 * code), through the one mechanism for it: the value is claimed atomically in storage before the
 * record is written (storage/repositories/unique-values.ts), so of any number of simultaneous
 * creations one wins and the others answer 409 with the field's code (docs/api.md §3). `valueOf`
 * gives the value as compared ('' when the record has none: never claimed).
 */
export function uniqueField<Rec extends { id: string }>(
  collection: string,
  source: ResourceSource<Rec, string>,
  field: string,
  valueOf: (record: Rec) => string,
  code: MessageCode,
) {
  const values = (who: Caller) => who.deps.repos.unique(who.tenant.empresa, collection, field, who.deps.now)
  const taken = () => apiError(409, MESSAGES[code], { [field]: [MESSAGES[code]] }, { code, codes: { [field]: code } })
  return {
    /** Before `record` is written: it holds its value alone from now on, or 409. */
    async claim(who: Caller, record: Rec) {
      const value = valueOf(record)
      if (!value) return
      // a record stored before values were claimed holds it without a claim
      if ((await source.list(who)).some((other) => other.id !== record.id && valueOf(other) === value)) throw taken()
      const records = who.deps.repos.collection<Rec>(who.tenant.empresa, collection)
      const holds = async (id: string) => {
        const found = await records.get(id)
        return found ? valueOf(found.value) === value : null
      }
      if (!(await values(who).claim(value, record.id, holds))) throw taken()
    },
    /** After a change away from `record`'s value, or a write of it that failed: the value is free again. */
    async release(who: Caller, record: Rec) {
      const value = valueOf(record)
      if (value) await values(who).release(value, record.id)
    },
    /** Whether two versions of a record hold the same value (a change that keeps it claims nothing). */
    same: (a: Rec, b: Rec) => valueOf(a) === valueOf(b),
  }
}
