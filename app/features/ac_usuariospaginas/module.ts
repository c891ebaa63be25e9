import type { FeatureModule } from '../../kit/module'
import { users } from '../ac_usuarios/module'

/** ac_usuariospaginas (docs/domain.md): the users' list, each row leading to that user's page matrix (no form: read-only list). */
export const userPages = {
  ...users,
  module: 'ac_usuariospaginas',
  input: undefined,
  // the users' module sets up the team; this list only leads to their pages
  setupStep: undefined,
  rowLink: (id: string) => `/view/ac_usuariospaginas/${encodeURIComponent(id)}`,
} satisfies FeatureModule
