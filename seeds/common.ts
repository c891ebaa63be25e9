import type { Culture } from '../domain/cultures.ts'
import type { Message, Shortcut } from '../domain/schemas/common-panels.ts'
import { MESSAGE_TEXTS, NOTIFICATION_TEXTS, SHORTCUT_TEXTS } from './common-texts.ts'
import { hoursAgo, seeded } from './random.ts'

/** The 9 demo messages (docs/demo-apis.md §3 Common), written in the company's language. */
export const seedMessages = (culture: Culture = 'en', rnd = seeded(101)): Message[] =>
  (
    [
      ['Rita Alves', 0.2, false],
      ['Bruno Reis', 1.5, false],
      ['Clara Mendes', 3, true],
      ['Diego Santos', 5, false],
      ['Elisa Prado', 9, true],
      ['Felipe Araujo', 20, true],
      ['Gabriela Nunes', 30, true],
      ['Heitor Lima', 50, true],
      ['Isabela Rocha', 80, true],
    ] as const
  ).map(([name, h, read], i) => ({
    id: rnd.uuid(),
    // no sample photos ship with the demo: the panel shows the sender's initials
    image: null,
    title: name,
    description: MESSAGE_TEXTS[culture][i],
    time: hoursAgo(h),
    read: Boolean(read),
    seen: Boolean(read),
    // a message from a person names no page of its own: it is not a link
    link: '',
    useRouter: true,
  }))

/** The 10 demo notifications, in the company's language. */
export const seedNotifications = (culture: Culture = 'en', rnd = seeded(102)): Message[] =>
  (
    [
      // a notification opens the record it names where that record has a page; the others are not links
      ['heroicons_mini:star', 0.5, false, '/view/home'],
      ['heroicons_mini:envelope', 1, false, ''],
      ['heroicons_mini:check-circle', 2, true, ''],
      ['heroicons_mini:calendar', 4, false, ''],
      ['heroicons_mini:currency-dollar', 7, true, ''],
      ['heroicons_mini:exclamation-triangle', 12, true, ''],
      ['heroicons_mini:user-plus', 24, true, '/view/cd_cliente?search=Cl%C3%ADnica%20Sorriso'],
      ['heroicons_mini:document-text', 36, true, '/view/cd_cotacao?search=ORC-SAO-2026-000020'],
      ['heroicons_mini:question-mark-circle', 60, true, '/view/help'],
      ['heroicons_mini:wrench-screwdriver', 90, true, ''],
    ] as const
  ).map(([icon, h, read, link], i) => ({
    id: rnd.uuid(),
    icon,
    title: NOTIFICATION_TEXTS[culture][i][0],
    description: NOTIFICATION_TEXTS[culture][i][1],
    time: hoursAgo(h),
    read,
    seen: read,
    link,
    useRouter: true,
  }))

/** The 8 demo shortcuts, labelled in the company's language. */
export const seedShortcuts = (culture: Culture = 'en', rnd = seeded(103)): Shortcut[] =>
  (
    [
      ['heroicons_outline:home', '/view/home'],
      ['heroicons_outline:users', '/view/cd_cliente'],
      ['heroicons_outline:document-text', '/view/cd_cotacao'],
      ['heroicons_outline:clipboard-document-list', '/view/cd_ordem'],
      ['heroicons_outline:calendar', '/view/cd_ordemagendamento'],
      ['heroicons_outline:banknotes', '/view/cd_invoice'],
      ['heroicons_outline:chart-pie', '/view/cd_reports'],
      ['heroicons_outline:question-mark-circle', '/view/help'],
    ] as const
  ).map(([icon, link], i) => ({
    id: rnd.uuid(),
    label: SHORTCUT_TEXTS[culture][i][0],
    description: SHORTCUT_TEXTS[culture][i][1],
    icon,
    link,
    useRouter: true,
  }))
