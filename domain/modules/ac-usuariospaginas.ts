import { declareModule } from '../module.ts'

/**
 * ac_usuariospaginas (docs/domain.md): each user's level on each page, from the role's preset.
 * Its list is the users' (their API); each row opens that user's matrix, which has routes of its
 * own (`bff/routes/ac-paginas.ts`).
 */
export const userPages = declareModule({
  id: 'ac_usuariospaginas',
  page: {
    titles: { en: 'User pages', es: 'Páginas por usuario', pt: 'Páginas por usuário' },
    icon: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM16 14v6M13 17h6',
    group: 'admin',
    order: 140,
  },
  roles: { admin: 'delete' },
  own: 'a matrix of each user × page, edited as one record',
})
