import type { Contact, Tag } from '../domain/schemas/contacts.ts'
import { seeded } from './random.ts'

/** The 7 contact tags of the spec. */
export const seedContactTags = (): Tag[] =>
  ['Work', 'Friend', 'Family', 'High School', 'College', 'Baseball Team', 'Band'].map((title, i) => ({
    id: `tag-${i + 1}-${title.toLowerCase().replace(/\s+/g, '-')}`,
    title,
  }))

const FIRST = [
  'Ana',
  'Bruno',
  'Carla',
  'Diego',
  'Elisa',
  'Fábio',
  'Gabriela',
  'Hugo',
  'Isabel',
  'João',
  'Karina',
  'Lucas',
  'Marina',
  'Nuno',
  'Olívia',
  'Pedro',
  'Quitéria',
  'Rafael',
  'Sofia',
  'Tomás',
]
const LAST = [
  'Almeida',
  'Barbosa',
  'Cardoso',
  'Duarte',
  'Esteves',
  'Ferreira',
  'Gomes',
  'Henriques',
  'Isidoro',
  'Jardim',
  'Lopes',
  'Moreira',
]
const COMPANIES = [
  'Padaria Estrela',
  'Hotel Aurora',
  'Clínica Vida',
  'Mercado Central',
  'Escola Horizonte',
  'Condomínio Jardins',
  'Shopping Norte',
  'Restaurante Mar Azul',
]
const TITLES = [
  'Facilities Manager',
  'Owner',
  'Building Supervisor',
  'Purchasing',
  'Operations Director',
  'Receptionist',
]
const STREETS = ['Rua Augusta', 'Av. Paulista', 'Rua Oscar Freire', 'Av. Brasil', 'Rua das Flores', 'Av. Atlântica']
const PHONE_COUNTRIES = ['br', 'br', 'br', 'us', 'mx', 'pt']

/** The 80 demo contacts, each with one tag; the same on every run. */
export function seedContacts(tags: Tag[] = seedContactTags()): Contact[] {
  const rnd = seeded(201)
  return Array.from({ length: 80 }, (_, i) => {
    const first = FIRST[i % FIRST.length]
    const last = LAST[(i * 7) % LAST.length]
    const name = `${first} ${last}`
    const slug = `${first}.${last}`
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
    const country = rnd.pick(PHONE_COUNTRIES)
    const contact: Contact = {
      id: rnd.uuid(),
      avatar: null,
      background: `/images/cards/${(i % 30) + 1}-640x480.jpg`,
      name,
      emails: [
        { email: `${slug}${i}@example.com`, label: 'Work' },
        ...(i % 3 === 0 ? [{ email: `${slug}@mail.example.org`, label: 'Personal' }] : []),
      ],
      phoneNumbers: [
        { country, phoneNumber: String(rnd.int(900000000, 999999999)), label: 'Mobile' },
        ...(i % 4 === 0 ? [{ country, phoneNumber: String(rnd.int(30000000, 39999999)), label: 'Work' }] : []),
      ],
      company: rnd.pick(COMPANIES),
      birthday: i % 6 === 5 ? null : new Date(Date.UTC(1960 + (i % 40), i % 12, (i % 27) + 1, 12)).toISOString(),
      address: `${rnd.pick(STREETS)}, ${rnd.int(10, 2500)} - São Paulo`,
      notes: i % 2 ? `<p>Prefers visits in the ${i % 4 === 1 ? 'morning' : 'afternoon'}.</p>` : null,
      tags: [tags[i % tags.length].id],
    }
    if (i % 7 !== 3) contact.title = rnd.pick(TITLES)
    return contact
  })
}
