import { companyInput, companyRow } from '../../../domain/schemas/admin.ts'
import type { FeatureModule } from '../../kit/module'
import { CULTURE_OPTIONS } from '../options'

/** ac_empresas (DOMAIN.md): the companies the user holds. */
export const companies = {
  module: 'ac_empresas',
  newTitle: 'new_company',
  api: '/ac_empresas',
  row: companyRow,
  idKey: 'COD_EMPRESA',
  nameKey: 'NOME_EMPRESA',
  defaultSort: 'NOME_EMPRESA',
  input: { create: companyInput, edit: companyInput },
  // the creator becomes the new company's admin (the BFF's rule)
  createLevel: 'delete',
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
    { name: 'CURRENCY', label: 'f_currency', type: 'select', options: [['BRL', { text: 'BRL' }], ['USD', { text: 'USD' }], ['MXN', { text: 'MXN' }]] },
    { name: 'CULTURE', label: 'f_culture', type: 'select', options: CULTURE_OPTIONS },
    { name: 'TIME_ZONE', label: 'f_time_zone', type: 'timezone' },
  ],
} satisfies FeatureModule
