import type { PanelTextKey, StoredMessage, StoredShortcut } from '../domain/panel-texts.ts'
import { hoursAgo, seeded } from './random.ts'

// The demo's panels are stored as the keys of their words (domain/panel-texts.ts): each reader
// reads them in their own language, whatever the company's (docs/shell.md §3).

/** The 9 demo messages (docs/demo-apis.md §3 Common). */
export const seedMessages = (rnd = seeded(101)): StoredMessage[] =>
  (
    [
      ['Rita Alves', 0.2, false, 'demo_message_visit'],
      ['Bruno Reis', 1.5, false, 'demo_message_compressor'],
      ['Clara Mendes', 3, true, 'demo_message_quote'],
      ['Diego Santos', 5, false, 'demo_message_late'],
      ['Elisa Prado', 9, true, 'demo_message_timesheet'],
      ['Felipe Araujo', 20, true, 'demo_message_technician'],
      ['Gabriela Nunes', 30, true, 'demo_message_paid'],
      ['Heitor Lima', 50, true, 'demo_message_parts'],
      ['Isabela Rocha', 80, true, 'demo_message_thanks'],
    ] as const satisfies ReadonlyArray<readonly [string, number, boolean, PanelTextKey]>
  ).map(([name, h, read, key]) => ({
    id: rnd.uuid(),
    // no sample photos ship with the demo: the panel shows the sender's initials
    image: null,
    text: { key, values: { from: name } },
    time: hoursAgo(h),
    read: Boolean(read),
    seen: Boolean(read),
    // a message from a person names no page of its own: it is not a link
    link: '',
    useRouter: true,
  }))

/** The 10 demo notifications. */
export const seedNotifications = (rnd = seeded(102)): StoredMessage[] =>
  (
    [
      // a notification opens the record it names where that record has a page; the others are not links
      ['heroicons_mini:star', 0.5, false, '/view/home', 'demo_notice_summary'],
      ['heroicons_mini:envelope', 1, false, '', 'demo_notice_messages'],
      ['heroicons_mini:check-circle', 2, true, '', 'demo_notice_order_completed'],
      ['heroicons_mini:calendar', 4, false, '', 'demo_notice_visit'],
      ['heroicons_mini:currency-dollar', 7, true, '', 'demo_notice_paid'],
      ['heroicons_mini:exclamation-triangle', 12, true, '', 'demo_notice_overdue'],
      ['heroicons_mini:user-plus', 24, true, '/view/cd_cliente?search=Cl%C3%ADnica%20Sorriso', 'demo_notice_client'],
      ['heroicons_mini:document-text', 36, true, '/view/cd_cotacao?search=ORC-SAO-2026-000020', 'demo_notice_quote'],
      ['heroicons_mini:question-mark-circle', 60, true, '/view/help', 'demo_notice_help'],
      ['heroicons_mini:wrench-screwdriver', 90, true, '', 'demo_notice_checklist'],
    ] as const satisfies ReadonlyArray<readonly [string, number, boolean, string, PanelTextKey]>
  ).map(([icon, h, read, link, key]) => ({
    id: rnd.uuid(),
    icon,
    text: { key },
    time: hoursAgo(h),
    read,
    seen: read,
    link,
    useRouter: true,
  }))

/** The 8 demo shortcuts. */
export const seedShortcuts = (rnd = seeded(103)): StoredShortcut[] =>
  (
    [
      ['heroicons_outline:home', '/view/home', 'demo_shortcut_home'],
      ['heroicons_outline:users', '/view/cd_cliente', 'demo_shortcut_clients'],
      ['heroicons_outline:document-text', '/view/cd_cotacao', 'demo_shortcut_quotes'],
      ['heroicons_outline:clipboard-document-list', '/view/cd_ordem', 'demo_shortcut_orders'],
      ['heroicons_outline:calendar', '/view/cd_ordemagendamento', 'demo_shortcut_schedule'],
      ['heroicons_outline:banknotes', '/view/cd_invoice', 'demo_shortcut_invoices'],
      ['heroicons_outline:chart-pie', '/view/cd_reports', 'demo_shortcut_reports'],
      ['heroicons_outline:question-mark-circle', '/view/help', 'demo_shortcut_help'],
    ] as const satisfies ReadonlyArray<readonly [string, string, PanelTextKey]>
  ).map(([icon, link, key]) => ({ id: rnd.uuid(), text: { key }, icon, link, useRouter: true }))
