import type { Mail, MailLabel } from '../domain/schemas/mailbox.ts'
import { hoursAgo, seeded } from './random.ts'

export const seedMailLabels = (): MailLabel[] =>
  [
    ['Personal', 'blue'],
    ['Work', 'indigo'],
    ['Payments', 'red'],
    ['Invoices', 'teal'],
    ['Accounts', 'purple'],
    ['Forums', 'green'],
  ].map(([title, color], i) => ({ id: `mlabel-${i + 1}`, title, slug: title.toLowerCase(), color }))

const SUBJECTS = [
  'Quote for the rooftop units',
  'Visit confirmation',
  'Invoice 2026-000031',
  'Parts delivery',
  'Maintenance contract renewal',
  'Photos from the site',
  'Meeting notes',
  'Your account statement',
]
const PEOPLE = [
  'Rita Alves <rita@example.com>',
  'Bruno Reis <bruno@example.com>',
  'Clara Mendes <clara@example.com>',
  'Diego Santos <diego@example.com>',
  'Elisa Prado <elisa@example.com>',
]

/** Demo mails in every folder (inbox most), with attachments; `count` makes more (benchmarks). */
export function seedMails(count = 60, seed = 801): Mail[] {
  const rnd = seeded(seed)
  const folders = ['inbox', 'inbox', 'inbox', 'inbox', 'sent', 'drafts', 'spam', 'trash']
  return Array.from({ length: count }, (_, i) => {
    const folder = folders[i % folders.length]
    const attachments =
      i % 5 === 0
        ? [
            {
              type: 'application/pdf',
              name: `report-${i}.pdf`,
              size: rnd.int(20_000, 900_000),
              preview: 'pdf',
              downloadUrl: '',
            },
            {
              type: 'image/jpeg',
              name: `site-${i}.jpg`,
              size: rnd.int(50_000, 2_000_000),
              preview: `site-${i}_preview.jpg`,
              downloadUrl: '',
            },
          ]
        : i % 7 === 0
          ? [
              {
                type: 'image/png',
                name: `diagram-${i}.png`,
                size: rnd.int(20_000, 500_000),
                preview: `diagram-${i}_preview.png`,
                downloadUrl: '',
              },
            ]
          : []
    return {
      id: rnd.uuid(),
      type: 'mail' as const,
      from: { avatar: null, contact: rnd.pick(PEOPLE) },
      to: 'me <admin@demo.fieldservice.app>',
      ...(i % 4 === 0 ? { cc: ['Ana Costa <ana@example.com>', 'Tiago Lima <tiago@example.com>'] } : {}),
      ...(i % 6 === 0 ? { bcc: ['archive@example.com'] } : {}),
      date: hoursAgo(i * 7 + rnd.int(0, 6)),
      subject: `${rnd.pick(SUBJECTS)}${count > 60 ? ` #${i}` : ''}`,
      content: 'Hi,\n\nPlease find the details below. Let me know if anything is missing.\n\nBest regards',
      attachments,
      starred: i % 6 === 1,
      important: i % 5 === 2,
      unread: i % 3 === 0,
      folder: `folder-${folder}`,
      labels: i % 2 ? [`mlabel-${((i >> 1) % 6) + 1}`] : [],
    }
  })
}
