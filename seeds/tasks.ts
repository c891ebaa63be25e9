import type { Culture } from '../domain/cultures.ts'
import type { Tag } from '../domain/schemas/contacts.ts'
import type { Task } from '../domain/schemas/tasks.ts'
import { TASK_TEXTS } from './common-texts.ts'
import { hoursAgo, seeded } from './random.ts'

export const seedTaskTags = (): Tag[] =>
  ['Api', 'Frontend', 'Bug', 'Backend', 'Urgent', 'Discuss'].map((title, i) => ({ id: `ttag-${i + 1}`, title }))

/** The 30 demo tasks (sections included), ordered 0..29, in the company's language. */
export function seedTasks(tags: Tag[] = seedTaskTags(), assignees: string[] = [], culture: Culture = 'en'): Task[] {
  const rnd = seeded(601)
  const { titles, sections, notes, step } = TASK_TEXTS[culture]
  return Array.from({ length: 30 }, (_, i) => {
    const section = i % 10 === 0
    return {
      id: rnd.uuid(),
      type: section ? 'section' : 'task',
      title: section ? sections[i / 10] : titles[i % titles.length],
      notes: section ? '' : notes(titles[i % titles.length]),
      completed: !section && i % 4 === 0,
      dueDate: section || i % 3 === 0 ? null : hoursAgo(-24 * (i % 9)),
      priority: (i % 3) as 0 | 1 | 2,
      tags: section ? [] : [tags[i % tags.length].id],
      assignedTo: section || assignees.length === 0 ? null : assignees[i % assignees.length],
      subTasks: section
        ? []
        : Array.from({ length: i % 3 }, (_, j) => ({ id: rnd.uuid(), title: step(j + 1), completed: j === 0 })),
      order: i,
    }
  })
}
