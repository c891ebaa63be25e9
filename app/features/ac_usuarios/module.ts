import { users as usersModule } from '../../../domain/modules/ac-usuarios.ts'
import { branchRowSchema } from '../../../domain/schemas/tenancy.ts'
import { listAnswer } from '../../../domain/schemas/resource.ts'
import { TECHNICIAN_COLORS } from '../../../domain/tenancy.ts'
import { defineFeature, type TextKey } from '../../kit/module'
import { CULTURE_OPTIONS } from '../options'

const ROLE_LABELS: Record<string, TextKey> = {
  admin: 'role_admin',
  manager: 'role_manager',
  dispatcher: 'role_dispatcher',
  technician: 'role_technician',
  finance: 'role_finance',
}

/**
 * ac_usuarios (docs/domain.md): the people of the current company, with their role and branch there.
 * Adding one invites them; their name and language are theirs, read-only here once added.
 */
export const users = defineFeature(usersModule, {
  newTitle: 'new_user',
  setupStep: { label: 'setup_team', href: '/view/ac_usuarios/new', done: (list) => list.pagination.length > 1 },
  columns: [
    { key: 'name', label: 'f_name' },
    { key: 'email', label: 'f_email' },
    { key: 'role', label: 'f_role', labels: ROLE_LABELS },
    { key: 'filial', label: 'f_branch', lookup: 'branches', all: 'f_all_branches' },
    { key: 'active', label: 'admin_status', show: 'active' },
    { key: 'invited', label: 'admin_invitation', labels: { true: 'admin_invited', false: 'admin_joined' } },
  ],
  fields: [
    { name: 'name', label: 'f_name', type: 'text', required: true, createOnly: true },
    { name: 'email', label: 'f_email', type: 'email', required: true, createOnly: true },
    { name: 'culture', label: 'f_culture', type: 'select', options: CULTURE_OPTIONS, createOnly: true },
    // a person's role is chosen, never assumed: a new one starts on no role
    {
      name: 'role',
      label: 'f_role',
      type: 'select',
      options: Object.entries(ROLE_LABELS),
      empty: 'f_choose_role',
      required: true,
      newOnly: true,
    },
    { name: 'role', label: 'f_role', type: 'select', options: Object.entries(ROLE_LABELS), editOnly: true },
    { name: 'filial', label: 'f_branch', type: 'select', lookup: 'branches', all: 'f_all_branches' },
    // how they work, for the dispatch board (docs/domain.md cd_ordemagendamento)
    {
      name: 'color',
      label: 'f_color',
      type: 'select',
      editOnly: true,
      options: TECHNICIAN_COLORS.map((c) => [c, `color_${c}` as TextKey]),
    },
    // asked when inviting too: the board warns of a visit that needs a skill its technician lacks
    { name: 'skills', label: 'f_tech_skills', type: 'text', wide: true },
    {
      name: 'workWeek',
      label: 'f_work_week',
      type: 'select',
      editOnly: true,
      options: [
        ['weekdays', 'work_weekdays'],
        ['mon_sat', 'work_mon_sat'],
        ['all', 'work_all'],
      ],
    },
    { name: 'workStart', label: 'f_work_start', type: 'text', hint: 'f_time_hint', editOnly: true },
    { name: 'workEnd', label: 'f_work_end', type: 'text', hint: 'f_time_hint', editOnly: true },
  ],
  // every branch, inactive ones too: a user's branch is shown whatever its state
  lookups: async (get) => ({
    branches: (await get('/cd_filial?size=100&all=1', listAnswer(branchRowSchema).shape.Dados)).items.map((b) => [
      String(b.COD_FILIAL),
      b.NOM_FILIAL,
    ]),
  }),
  // invited where the office works, in the company's language, unless it chooses otherwise
  createDefaults: (frame) => ({ filial: frame.branch ?? '', culture: frame.culture }),
  afterCreate: 'done_invited',
  // while the invitation is pending: its link to pass on, or sent again
  actions: [
    {
      name: 'invitation-link',
      label: 'action_invitation_link',
      // the same for every address: whether it sets a password is told to the person who opens it
      done: 'done_invitation_link',
      shows: 'f_invitation_link',
      offered: (values) => values.invited === true,
    },
    {
      name: 'resend-invitation',
      label: 'action_resend_invitation',
      // "sent" only when an e-mail carried it; else the office passes the link on
      done: (answer) => (answer.emailed === true ? 'done_invitation_sent' : 'done_invitation_not_emailed'),
      shows: 'f_invitation_link',
      offered: (values) => values.invited === true,
    },
  ],
  recordLinks: (values) => [
    { href: `/view/ac_usuariospaginas/${encodeURIComponent(String(values.id))}`, label: 'admin_access_manage' },
  ],
})
