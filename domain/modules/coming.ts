import { declareModule } from '../module.ts'

// The modules whose pages are in the registry before their screens (docs/domain.md): each shows
// its title until it is built, and then moves to a file of its own with its API.

export const scheduling = declareModule({
  id: 'cd_ordemagendamento',
  page: {
    titles: { en: 'Scheduling', es: 'Agenda', pt: 'Agendamento' },
    icon: 'M4 6h16v14H4zM4 10h16M8 3v5M16 3v5',
    group: 'field',
    order: 50,
  },
  roles: { admin: 'delete', manager: 'delete', dispatcher: 'edit', technician: 'view' },
})

export const techOrders = declareModule({
  id: 'cd_techorders',
  page: {
    titles: { en: 'Technician work', es: 'Trabajo técnico', pt: 'Trabalho técnico' },
    icon: 'M14 6l4 4-9 9H5v-4zM12 8l4 4',
    group: 'field',
    order: 60,
  },
  roles: { admin: 'delete', manager: 'delete', dispatcher: 'view', technician: 'edit' },
})

export const reports = declareModule({
  id: 'cd_reports',
  page: {
    titles: { en: 'Reports', es: 'Informes', pt: 'Relatórios' },
    icon: 'M5 20V10M12 20V4M19 20v-7',
    group: 'money',
    order: 90,
  },
  roles: { admin: 'delete', manager: 'delete', dispatcher: 'view', finance: 'view' },
})
