/** The order statuses' labels (the list, the badge). */
export const ORDER_STATE_LABELS = {
  new: 'state_new',
  scheduled: 'state_scheduled',
  in_progress: 'state_in_progress',
  completed: 'state_completed',
  invoiced: 'state_invoiced',
  on_hold: 'state_on_hold',
  cancelled: 'state_cancelled',
} as const
