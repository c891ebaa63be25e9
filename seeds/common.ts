import type { Message, Shortcut } from '../domain/schemas/common-panels.ts'
import { hoursAgo, seeded } from './random.ts'

/** The 9 demo messages (demo-backend.md §3 Common). */
export const seedMessages = (rnd = seeded(101)): Message[] =>
  [
    ['Rita Alves', 'Can you confirm tomorrow\'s visit at the Jardins site?', 0.2, false],
    ['Bruno Reis', 'The compressor for order OS-2026-000114 arrived.', 1.5, false],
    ['Clara Mendes', 'Client approved the quote for the rooftop units.', 3, true],
    ['Diego Santos', 'I\'ll be 20 minutes late to the Moema job.', 5, false],
    ['Elisa Prado', 'Please review my timesheet for last week.', 9, true],
    ['Felipe Araujo', 'Need a second technician on the warehouse job.', 20, true],
    ['Gabriela Nunes', 'Invoice 2026-000032 was paid by transfer.', 30, true],
    ['Heitor Lima', 'Parts list for the chiller maintenance attached.', 50, true],
    ['Isabela Rocha', 'Thanks for the quick fix yesterday!', 80, true],
  ].map(([name, description, h, read]) => ({
    id: rnd.uuid(),
    // no sample photos ship with the demo: the panel shows the sender's initials
    image: null,
    title: String(name),
    description: String(description),
    time: hoursAgo(Number(h)),
    read: Boolean(read),
    seen: Boolean(read),
    // a message from a person names no page of its own: it is not a link
    link: '',
    useRouter: true,
  }))

/** The 10 demo notifications. */
export const seedNotifications = (rnd = seeded(102)): Message[] =>
  [
    // a notification opens the record it names where that record has a page; the others are not links
    ['heroicons_mini:star', 'Daily summary', 'Your daily visit summary is ready', 0.5, false, '/view/home', true],
    ['heroicons_mini:envelope', 'New message', 'You have 3 unread messages', 1, false, '', true],
    ['heroicons_mini:check-circle', 'Order completed', 'OS-2026-000109 was marked completed', 2, true, '', true],
    ['heroicons_mini:calendar', 'Visit scheduled', 'Tomorrow 09:00 at Pinheiros', 4, false, '', true],
    ['heroicons_mini:currency-dollar', 'Payment received', 'Invoice 2026-000030 was paid', 7, true, '', true],
    ['heroicons_mini:exclamation-triangle', 'Overdue invoice', 'Invoice 2026-000021 is overdue', 12, true, '', true],
    ['heroicons_mini:user-plus', 'New client', 'Clínica Sorriso was added', 24, true, '/view/cd_cliente?search=Cl%C3%ADnica%20Sorriso', true],
    ['heroicons_mini:document-text', 'Quote approved', 'Quote ORC-2026-000020 was approved', 36, true, '/view/cd_cotacao?search=ORC-2026-000020', true],
    ['heroicons_mini:question-mark-circle', 'Help', 'Answers to common questions', 60, true, '/view/help', true],
    ['heroicons_mini:wrench-screwdriver', 'Checklist updated', 'The HVAC checklist has 2 new items', 90, true, '', true],
  ].map(([icon, title, description, h, read, link, useRouter]) => ({
    id: rnd.uuid(),
    icon: String(icon),
    title: String(title),
    description: String(description),
    time: hoursAgo(Number(h)),
    read: Boolean(read),
    seen: Boolean(read),
    link: String(link),
    useRouter: Boolean(useRouter),
  }))

/** The 8 demo shortcuts. */
export const seedShortcuts = (rnd = seeded(103)): Shortcut[] =>
  [
    ['Home', 'Your day at a glance', 'heroicons_outline:home', '/view/home', true],
    ['Clients', 'Client list', 'heroicons_outline:users', '/view/cd_cliente', true],
    ['Quotes', 'Quotes and approvals', 'heroicons_outline:document-text', '/view/cd_cotacao', true],
    ['Service orders', 'Open service orders', 'heroicons_outline:clipboard-document-list', '/view/cd_ordem', true],
    ['Schedule', 'Technicians\' calendar', 'heroicons_outline:calendar', '/view/cd_ordemagendamento', true],
    ['Invoices', 'Issued and overdue invoices', 'heroicons_outline:banknotes', '/view/cd_invoice', true],
    ['Reports', 'Revenue and productivity', 'heroicons_outline:chart-pie', '/view/cd_reports', true],
    ['Help', 'Answers to common questions', 'heroicons_outline:question-mark-circle', '/view/help', true],
  ].map(([label, description, icon, link, useRouter]) => ({
    id: rnd.uuid(),
    label: String(label),
    description: String(description),
    icon: String(icon),
    link: String(link),
    useRouter: Boolean(useRouter),
  }))
