import type { Translator } from '../lib/i18n'

/** How a list column shows its value. */
export type Column = { key: string; label: keyof Translator; sortable?: boolean; show?: 'active' | 'yesno' | 'role' | 'branch' }

/** A form field; `options` are value → label key (or a plain label when `plain`). */
export type Field = {
  name: string
  label: keyof Translator
  type: 'text' | 'email' | 'tel' | 'password' | 'number' | 'select' | 'checkbox' | 'timezone' | 'branch'
  options?: Array<[string, keyof Translator | string]>
  /** Only when creating (e-mail, initial password); shown read-only when editing. */
  createOnly?: boolean
  required?: boolean
  wide?: boolean
  /** For a checkbox: the values of checked and unchecked. */
  values?: [string, string]
}

/** One administration module as the kit draws it (DOMAIN.md Administration). */
export type AdminModule = {
  module: string
  /** The BFF path of its API (/api/<module>). */
  api: string
  idKey: string
  /** The record's name in titles and confirmations. */
  nameKey: string
  columns: Column[]
  defaultSort: string
  fields: Field[]
  canCreate: boolean
  /** Where a row's link goes (ac_usuariospaginas edits a user's page matrix). */
  rowLink?: (id: string) => string
}

const CULTURE_OPTIONS: Field['options'] = [
  ['en', 'English'],
  ['es', 'Español'],
  ['pt', 'Português'],
]
const ROLE_OPTIONS: Field['options'] = [
  ['admin', 'role_admin'],
  ['manager', 'role_manager'],
  ['dispatcher', 'role_dispatcher'],
  ['technician', 'role_technician'],
  ['finance', 'role_finance'],
]

const users: AdminModule = {
  module: 'ac_usuarios',
  api: '/ac_usuarios',
  idKey: 'id',
  nameKey: 'name',
  defaultSort: 'name',
  canCreate: true,
  columns: [
    { key: 'name', label: 'f_name', sortable: true },
    { key: 'email', label: 'f_email', sortable: true },
    { key: 'role', label: 'f_role', sortable: true, show: 'role' },
    { key: 'filial', label: 'f_branch', show: 'branch' },
    { key: 'active', label: 'admin_status', sortable: true, show: 'active' },
  ],
  fields: [
    { name: 'name', label: 'f_name', type: 'text', required: true },
    { name: 'email', label: 'f_email', type: 'email', required: true, createOnly: true },
    { name: 'password', label: 'f_password', type: 'password', required: true, createOnly: true },
    { name: 'culture', label: 'f_culture', type: 'select', options: CULTURE_OPTIONS },
    { name: 'role', label: 'f_role', type: 'select', options: ROLE_OPTIONS },
    { name: 'filial', label: 'f_branch', type: 'branch' },
  ],
}

export const ADMIN_MODULES: Record<string, AdminModule> = {
  ac_empresas: {
    module: 'ac_empresas',
    api: '/ac_empresas',
    idKey: 'COD_EMPRESA',
    nameKey: 'NOME_EMPRESA',
    defaultSort: 'NOME_EMPRESA',
    canCreate: true,
    columns: [
      { key: 'COD_EMPRESA', label: 'f_code', sortable: true },
      { key: 'NOME_EMPRESA', label: 'f_company_name', sortable: true },
      { key: 'CNPJ', label: 'f_cnpj', sortable: true },
      { key: 'CURRENCY', label: 'f_currency' },
      { key: 'ACTIVE', label: 'admin_status', sortable: true, show: 'active' },
    ],
    fields: [
      { name: 'NOME_EMPRESA', label: 'f_company_name', type: 'text', required: true },
      { name: 'RAZAO_SOCIAL', label: 'f_legal_name', type: 'text', required: true },
      { name: 'CNPJ', label: 'f_cnpj', type: 'text', required: true },
      { name: 'EMAIL', label: 'f_email', type: 'email' },
      { name: 'TELEFONE', label: 'f_phone', type: 'tel' },
      { name: 'ENDERECO', label: 'f_address', type: 'text', wide: true },
      {
        name: 'CURRENCY',
        label: 'f_currency',
        type: 'select',
        options: [
          ['BRL', 'BRL'],
          ['USD', 'USD'],
          ['MXN', 'MXN'],
        ],
      },
      { name: 'CULTURE', label: 'f_culture', type: 'select', options: CULTURE_OPTIONS },
      { name: 'TIME_ZONE', label: 'f_time_zone', type: 'timezone' },
    ],
  },
  cd_filial: {
    module: 'cd_filial',
    api: '/cd_filial',
    idKey: 'COD_FILIAL',
    nameKey: 'NOM_FILIAL',
    defaultSort: 'COD_FILIAL',
    canCreate: true,
    columns: [
      { key: 'COD_FILIAL', label: 'f_code', sortable: true },
      { key: 'NOM_FILIAL', label: 'f_branch_name', sortable: true },
      { key: 'PREFIX', label: 'f_prefix', sortable: true },
      { key: 'FLG_PRINCIPAL', label: 'f_main_branch', sortable: true, show: 'yesno' },
      { key: 'ACTIVE', label: 'admin_status', sortable: true, show: 'active' },
    ],
    fields: [
      { name: 'NOM_FILIAL', label: 'f_branch_name', type: 'text', required: true },
      { name: 'PREFIX', label: 'f_prefix', type: 'text', required: true },
      { name: 'CNPJ', label: 'f_cnpj', type: 'text' },
      { name: 'TIME_ZONE', label: 'f_time_zone', type: 'timezone' },
      { name: 'ENDERECO', label: 'f_address', type: 'text', wide: true },
      { name: 'FLG_PRINCIPAL', label: 'f_main_branch', type: 'checkbox', values: ['S', 'N'] },
    ],
  },
  ac_usuarios: users,
  ac_paginas: {
    module: 'ac_paginas',
    api: '/ac_paginas',
    idKey: 'module',
    nameKey: 'title_en',
    defaultSort: 'order',
    canCreate: false,
    columns: [
      { key: 'order', label: 'f_order', sortable: true },
      { key: 'module', label: 'f_module', sortable: true },
      { key: 'title_en', label: 'f_title_en', sortable: true },
      { key: 'group', label: 'f_group', sortable: true },
      { key: 'active', label: 'admin_status', sortable: true, show: 'active' },
    ],
    fields: [
      { name: 'title_en', label: 'f_title_en', type: 'text', required: true },
      { name: 'title_es', label: 'f_title_es', type: 'text', required: true },
      { name: 'title_pt', label: 'f_title_pt', type: 'text', required: true },
      {
        name: 'group',
        label: 'f_group',
        type: 'select',
        options: [
          ['field', 'group_field'],
          ['money', 'group_money'],
          ['admin', 'group_admin'],
        ],
      },
      { name: 'order', label: 'f_order', type: 'number', required: true },
      { name: 'icon', label: 'f_icon', type: 'text', wide: true, required: true },
    ],
  },
  // the users' list, each row leading to that user's page matrix
  ac_usuariospaginas: { ...users, module: 'ac_usuariospaginas', canCreate: false, rowLink: (id) => `/view/ac_usuariospaginas/${id}` },
}

export const isAdminModule = (module: string) => module in ADMIN_MODULES
