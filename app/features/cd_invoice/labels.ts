/** The invoice states' labels (the list, the badge, a client's invoices). */
export const INVOICE_STATE_LABELS = {
  draft: 'state_draft',
  issued: 'state_issued',
  partially_paid: 'state_partially_paid',
  paid: 'state_paid',
  void: 'state_void',
  overdue: 'state_overdue',
  paid_today: 'state_paid_today',
} as const
