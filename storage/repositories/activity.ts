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
}

/** Kept per record, newest first; the oldest lines go past this many. */
const KEPT = 200

/** The activity lines of one record of a company's module. */
export function activityRepository(store: Store, empresa: number, module: string, recordId: string | number) {
  const lines = listRecord<ActivityLine>(store, joinKey('company', empresa, 'activity', module, recordId))
  return {
    all: lines.all,
    add: (line: ActivityLine) => lines.replace((items) => [line, ...items].slice(0, KEPT)),
  }
}
