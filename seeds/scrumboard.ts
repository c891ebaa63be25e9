import { POSITION_STEP } from '../domain/reference/scrumboard.ts'
import type { Board, BoardLabel, BoardList, Card } from '../domain/schemas/scrumboard.ts'
import { hoursAgo, seeded } from './random.ts'

const NAMES = [
  'Ana Costa',
  'Tiago Lima',
  'Rita Alves',
  'Bruno Reis',
  'Clara Mendes',
  'Diego Santos',
  'Elisa Prado',
  'Felipe Araujo',
  'Gabriela Nunes',
  'Heitor Lima',
  'Isabela Rocha',
  'João Pires',
  'Karina Souza',
  'Lucas Moura',
  'Marina Dias',
  'Nuno Teixeira',
  'Olívia Castro',
  'Pedro Vieira',
  'Sofia Ramos',
  'Tomás Neves',
]

/** The demo scrum board data: 20 members, 3 boards, 4 lists, 5 labels and some cards. */
export function seedScrumboard() {
  const rnd = seeded(901)
  const members = NAMES.map((name) => ({ id: rnd.uuid(), name, avatar: null }))
  const boards: Board[] = [
    ['Service operations', 'Open work across the branches', 'heroicons_outline:wrench-screwdriver'],
    ['Website relaunch', 'The new client portal', 'heroicons_outline:computer-desktop'],
    ['Hiring', 'Technicians for the new branch', 'heroicons_outline:user-group'],
  ].map(([title, description, icon], i) => ({
    id: rnd.uuid(),
    title,
    description,
    icon,
    lastActivity: hoursAgo(i * 30 + 2),
    members: members.slice(i * 5, i * 5 + 6).map((m) => m.id),
  }))
  const board = boards[0].id
  const lists: BoardList[] = ['To do', 'In progress', 'In review', 'Done'].map((title, i) => ({
    id: rnd.uuid(),
    boardId: board,
    position: (i + 1) * POSITION_STEP,
    title,
  }))
  const labels: BoardLabel[] = ['Research', 'Design', 'Development', 'Urgent', 'Customer'].map((title) => ({
    id: rnd.uuid(),
    boardId: board,
    title,
  }))
  const cards: Card[] = Array.from({ length: 12 }, (_, i) => ({
    id: rnd.uuid(),
    boardId: board,
    listId: lists[i % 4].id,
    position: (Math.floor(i / 4) + 1) * POSITION_STEP,
    title: [
      'Replace filters at Hotel Aurora',
      'Quote the rooftop units',
      'Inspect the chiller',
      'Call back Padaria Estrela',
      'Update the price list',
      'Train the new technician',
    ][i % 6],
    description: '',
    labels: [labels[i % 5].id],
    dueDate: i % 3 === 0 ? hoursAgo(-24 * (i + 1)) : null,
  }))
  return { members, boards, lists, labels, cards }
}
