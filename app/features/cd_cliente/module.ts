import { clients as clientsModule } from '../../../domain/modules/cd-cliente.ts'
import { quoteRow } from '../../../domain/schemas/quotes.ts'
import { QUOTE_STATE_LABELS } from '../cd_cotacao/module'
import { CLIENT_INVOICES } from '../cd_invoice/client-invoices'
import { CLIENT_EQUIPMENT } from '../cd_equipamento/client-equipment'
import { defineFeature } from '../../kit/module'

/** cd_cliente (docs/domain.md): the company's clients, persons (CPF) and businesses (CNPJ). */
export const clients = defineFeature(clientsModule, {
  newTitle: 'new_client',
  related: [
    {
      title: 'client_quotes',
      path: (id) => `/cd_cotacao/of-client?clientId=${encodeURIComponent(id)}`,
      row: quoteRow,
      href: (row) => `/view/cd_cotacao/${encodeURIComponent(String(row.id))}`,
      columns: [
        { key: 'number', label: 'f_number' },
        { key: 'state', label: 'f_state', labels: QUOTE_STATE_LABELS },
        { key: 'validUntil', label: 'f_valid_until', show: 'date' },
        { key: 'total', label: 'f_total', show: 'money' },
      ],
    },
    // their invoices, with what they owe (not shown to who may not read invoices)
    CLIENT_INVOICES,
    CLIENT_EQUIPMENT,
  ],
  setupStep: { label: 'setup_client', href: '/view/cd_cliente/new', done: (list) => list.pagination.length > 0 },
  columns: [
    { key: 'name', label: 'f_name' },
    { key: 'kind', label: 'f_kind', labels: { person: 'kind_person', business: 'kind_business' } },
    { key: 'taxId', label: 'f_tax_id' },
    { key: 'phone', label: 'f_phone' },
    { key: 'city', label: 'f_city' },
    { key: 'active', label: 'admin_status', show: 'active' },
  ],
  fields: [
    {
      name: 'kind',
      label: 'f_kind',
      type: 'select',
      required: true,
      options: [
        ['person', 'kind_person'],
        ['business', 'kind_business'],
      ],
    },
    { name: 'taxId', label: 'f_tax_id', type: 'text' },
    { name: 'name', label: 'f_name', type: 'text', required: true },
    { name: 'tradeName', label: 'f_trade_name', type: 'text' },
    {
      name: 'contacts',
      label: 'f_contacts',
      type: 'rows',
      of: [
        {
          name: 'kind',
          label: 'f_kind',
          type: 'select',
          options: [
            ['email', 'contact_email'],
            ['phone', 'contact_phone'],
          ],
        },
        { name: 'value', label: 'f_value', type: 'text' },
        { name: 'label', label: 'f_label', type: 'text' },
      ],
    },
    {
      name: 'addresses',
      label: 'f_addresses',
      type: 'rows',
      of: [
        { name: 'street', label: 'f_street', type: 'text' },
        { name: 'city', label: 'f_city', type: 'text' },
        { name: 'region', label: 'f_region', type: 'text' },
        { name: 'postalCode', label: 'f_postal_code', type: 'text' },
        { name: 'label', label: 'f_label', type: 'text' },
        { name: 'isDefault', label: 'f_default', type: 'checkbox', values: ['true', 'false'] },
      ],
    },
    { name: 'billingAddress', label: 'f_billing_address', type: 'text', wide: true },
    { name: 'tags', label: 'f_tags', type: 'text', wide: true },
    { name: 'notes', label: 'f_notes', type: 'textarea', wide: true },
  ],
})
