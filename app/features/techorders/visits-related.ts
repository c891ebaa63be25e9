import { techOrderRow } from '../../../domain/schemas/appointments.ts'
import type { FeatureModule, TextKey } from '../../kit/module'
import { VisitRecords } from './visit-records'

/**
 * The visits a record's page lists with each one's work (an order's, a machine's: checklist,
 * report, parts, photos), read from the visits' API at `path` for the record's id.
 */
export const visitsRelated = (
  title: TextKey,
  path: (id: string) => string,
): NonNullable<FeatureModule['related']>[number] => ({
  title,
  path,
  row: techOrderRow,
  href: (row) => `/view/cd_techorders/${String(row.id)}`,
  view: VisitRecords,
  columns: [
    { key: 'start', label: 'board_date', show: 'date' },
    { key: 'technicianName', label: 'board_technician' },
    {
      key: 'status',
      label: 'f_status',
      labels: {
        assigned: 'visit_assigned',
        en_route: 'visit_en_route',
        on_site: 'visit_on_site',
        paused: 'visit_paused',
        done: 'visit_done',
        could_not_complete: 'visit_could_not_complete',
      },
    },
  ],
})
