import { companies as companiesModule } from '../../../domain/modules/ac-empresas.ts'
import { defineFeature } from '../../kit/module'
import { CULTURE_OPTIONS } from '../options'

/** ac_empresas (docs/domain.md): the companies the user holds. */
export const companies = defineFeature(companiesModule, {
  newTitle: 'new_company',
  // what its quotes and invoices print and how they are paid: the address, and in Brazil the CNPJ and the Pix key
  setupStep: {
    label: 'setup_company',
    href: (empresa) => `/view/ac_empresas/${empresa}`,
    query: 'size=100&all=1',
    done: (list, empresa) => {
      const company = list.items.find((c) => c.COD_EMPRESA === empresa)
      if (!company) return true
      const brazil = company.COUNTRY ? company.COUNTRY === 'BR' : company.CURRENCY === 'BRL'
      return Boolean(company.ENDERECO) && (!brazil || (Boolean(company.CNPJ) && Boolean(company.PIX_KEY)))
    },
  },
  columns: [
    { key: 'COD_EMPRESA', label: 'f_code' },
    { key: 'NOME_EMPRESA', label: 'f_company_name' },
    { key: 'CNPJ', label: 'f_cnpj' },
    { key: 'CURRENCY', label: 'f_currency' },
    { key: 'ACTIVE', label: 'admin_status', show: 'active' },
  ],
  fields: [
    { name: 'NOME_EMPRESA', label: 'f_company_name', type: 'text', required: true },
    { name: 'RAZAO_SOCIAL', label: 'f_legal_name', type: 'text', required: true },
    { name: 'CNPJ', label: 'f_cnpj', type: 'text' },
    { name: 'EMAIL', label: 'f_email', type: 'email' },
    { name: 'TELEFONE', label: 'f_phone', type: 'tel' },
    { name: 'ENDERECO', label: 'f_address', type: 'text', wide: true },
    {
      name: 'CURRENCY',
      label: 'f_currency',
      type: 'select',
      options: [
        ['BRL', { text: 'BRL' }],
        ['USD', { text: 'USD' }],
        ['MXN', { text: 'MXN' }],
      ],
    },
    { name: 'CULTURE', label: 'f_culture', type: 'select', options: CULTURE_OPTIONS },
    { name: 'TIME_ZONE', label: 'f_time_zone', type: 'timezone' },
    // money (cd_invoice): where Pix pays its invoices, how long they run, when an overdue one is reminded
    { name: 'PIX_KEY', label: 'f_pix_key', type: 'text', hint: 'f_pix_key_hint' },
    { name: 'CIDADE', label: 'f_city', type: 'text' },
    { name: 'INVOICE_DUE_DAYS', label: 'f_invoice_due_days', type: 'text' },
    { name: 'REMINDER_DAYS', label: 'f_reminder_days', type: 'text', hint: 'f_reminder_days_hint' },
    // scheduling: how long a visit from the tray is when its services give no time
    { name: 'VISIT_MINUTES', label: 'f_visit_minutes', type: 'text', hint: 'f_visit_minutes_hint' },
  ],
})
