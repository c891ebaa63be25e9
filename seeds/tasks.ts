import type { Tag } from '../domain/schemas/contacts.ts'
import type { Task } from '../domain/schemas/tasks.ts'
import { hoursAgo, seeded } from './random.ts'

export const seedTaskTags = (): Tag[] => ['Api', 'Frontend', 'Bug', 'Backend', 'Urgent', 'Discuss'].map((title, i) => ({ id: `ttag-${i + 1}`, title }))

const TITLES = [
  'Plan next week\'s routes', 'Call Hotel Aurora about the chiller', 'Order compressor parts', 'Review open quotes', 'Update the HVAC checklist',
  'Send overdue invoice reminders', 'Train the new technician', 'Check van maintenance', 'Renew the software licences', 'Prepare the monthly report',
]

/** The 30 demo tasks (sections included), ordered 0..29. */
export function seedTasks(tags: Tag[] = seedTaskTags(), assignees: string[] = []): Task[] {
  const rnd = seeded(601)
  return Array.from({ length: 30 }, (_, i) => {
    const section = i % 10 === 0
    return {
      id: rnd.uuid(),
      type: section ? 'section' : 'task',
      title: section ? ['Today', 'This week', 'Later'][i / 10] : TITLES[i % TITLES.length],
      notes: section ? '' : `Notes for "${TITLES[i % TITLES.length]}": check with the dispatcher first.`,
      completed: !section && i % 4 === 0,
      dueDate: section || i % 3 === 0 ? null : hoursAgo(-24 * (i % 9)),
      priority: (i % 3) as 0 | 1 | 2,
      tags: section ? [] : [tags[i % tags.length].id],
      assignedTo: section || assignees.length === 0 ? null : assignees[i % assignees.length],
      subTasks: section ? [] : Array.from({ length: i % 3 }, (_, j) => ({ id: rnd.uuid(), title: `Step ${j + 1}`, completed: j === 0 })),
      order: i,
    }
  })
}
