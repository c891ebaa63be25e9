import type { Note, NoteLabel } from '../domain/schemas/notes.ts'
import { hoursAgo, seeded } from './random.ts'

export const seedNoteLabels = (): NoteLabel[] =>
  ['Family', 'Work', 'Tasks', 'Priority', 'Personal', 'Friends'].map((title, i) => ({ id: `nlabel-${i + 1}`, title }))

const NOTES: Array<[string, string, boolean]> = [
  ['Gate codes', 'Hotel Aurora: 4471. Clínica Vida: ask at the desk.', false],
  ['Parts to reorder', '', false],
  ['Weekend plan', 'Visit the new supplier on Saturday morning.', false],
  ['', 'Remember to charge the thermal camera.', false],
  ['Training topics', 'Refrigerant handling; customer etiquette; reports.', false],
  ['Van checklist', '', false],
  ['Ideas', 'Offer maintenance contracts to the top 20 clients.', false],
  ['Birthday', 'Buy a gift for Rita (Friday).', false],
  ['Quote follow-ups', 'Call back Padaria Estrela and Escola Horizonte.', false],
  ['Supplier contacts', 'Neogen: +55 11 3333-0000.', false],
  ['Safety', 'New harness rules from next month.', false],
  ['Reading list', 'HVAC efficiency report 2026.', false],
  ['Books', 'Return the manuals to the office.', false],
  ['Old quotes', 'Archived after the price update.', true],
  ['2025 goals', 'Done: 12 new contracts.', true],
  ['Old van', 'Sold in March.', true],
]

/** About 16 demo notes, 3 archived. (The spec's seed repeats one id on two archived notes; ids are unique here.) */
export function seedNotes(labels: NoteLabel[] = seedNoteLabels()): Note[] {
  const rnd = seeded(701)
  return NOTES.map(([title, content, archived], i) => ({
    id: rnd.uuid(),
    title,
    content,
    tasks: content ? null : [1, 2, 3].map((n) => ({ id: rnd.uuid(), content: `Item ${n}`, completed: n === 1 })),
    image: i % 5 === 2 ? `/images/cards/${i + 1}-640x480.jpg` : null,
    reminder: i % 4 === 1 ? hoursAgo(-48) : null,
    labels: [labels[i % labels.length].id],
    archived,
    createdAt: hoursAgo(24 * (i + 1)),
    updatedAt: i % 3 === 0 ? hoursAgo(12 * (i + 1)) : null,
  }))
}
