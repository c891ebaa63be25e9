import { z } from 'zod'
import { declareModule } from '../module.ts'
import {
  holdInput,
  OPEN_ORDER_STATUSES,
  ORDER_STATUSES,
  orderInput,
  orderRow,
  orderSearchText,
} from '../schemas/orders.ts'

/**
 * cd_ordem (docs/domain.md): the branch's service orders, from an approved quote or from scratch,
 * `new → scheduled → in_progress → completed → invoiced`, `on_hold` from and back to any open
 * status, `cancelled` before invoiced. Never deactivated: an order is cancelled.
 */
export const orders = declareModule({
  id: 'cd_ordem',
  page: {
    titles: { en: 'Service orders', es: 'Órdenes de servicio', pt: 'Ordens de serviço' },
    icon: 'M8 4h8v3H8zM5 6h14v15H5zM9 12h6M9 16h6',
    group: 'field',
    order: 40,
  },
  roles: { admin: 'delete', manager: 'delete', dispatcher: 'edit', technician: 'view', finance: 'view' },
  api: {
    noun: 'Order',
    nouns: 'Orders',
    examples: {
      create: {
        clientId: '0b7e6a52-3c1d-4f5e-9a8b-2c4d6e8f0a1b',
        priority: 'high',
        problem: 'The split unit in the meeting room drips water',
        lines: [{ description: 'Technical visit', quantity: 1, unitPrice: 9000 }],
      },
      replace: {
        clientId: '0b7e6a52-3c1d-4f5e-9a8b-2c4d6e8f0a1b',
        problem: 'The split unit in the meeting room drips water',
        instructions: 'Ask for Marta at the front desk',
        lines: [{ description: 'Technical visit', quantity: 1, unitPrice: 9000 }],
      },
      update: { priority: 'urgent' },
    },
    row: orderRow,
    id: z.string().uuid(),
    idKey: 'id',
    nameKey: 'number',
    input: { create: orderInput, edit: orderInput },
    list: {
      sortable: ['number', 'clientName', 'priority', 'status', 'total', 'createdAt'],
      defaultSort: 'number',
      search: orderSearchText,
      filters: { links: ['clientId'], ranges: ['createdAt'] },
      states: { key: 'status', values: ORDER_STATUSES },
    },
    csv: [
      ['Number', (o) => o.number],
      ['Client', (o) => o.clientName],
      ['Status', (o) => o.status],
      ['Priority', (o) => o.priority],
      ['Quote', (o) => o.quoteNumber ?? ''],
      ['Total', (o) => (o.total / 100).toFixed(2)],
      ['Currency', (o) => o.currency],
    ],
    deactivatable: false,
    activity: true,
    headerSearch: {
      group: 'orders',
      sort: 'createdAt',
      order: 'desc',
      value: (o) => o.number,
      detail: (o) => o.clientName,
    },
    actions: {
      hold: { from: OPEN_ORDER_STATUSES, to: 'on_hold', input: holdInput, example: { reason: 'parts' } },
      // back to the status it was put on hold from
      resume: { from: ['on_hold'] },
      cancel: { from: [...OPEN_ORDER_STATUSES, 'on_hold'], to: 'cancelled' },
      // its draft invoice (cd_invoice), made once; the order becomes invoiced
      invoice: { from: ['completed'] },
    },
  },
})
