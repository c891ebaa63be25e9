// The dispatch board's calendar: @event-calendar/core (MIT, maintained; its resource day and its
// timeline of days for the week, its month grid, drag and resize), loaded only in the browser and only on this page (docs/domain.md
// cd_ordemagendamento names why this library).
import {
  createCalendar,
  DayGrid,
  destroyCalendar,
  Interaction,
  ResourceTimeGrid,
  ResourceTimeline,
} from '@event-calendar/core'
import '@event-calendar/core/index.css'

export { createCalendar, destroyCalendar }
export const PLUGINS = [ResourceTimeGrid, ResourceTimeline, DayGrid, Interaction]
