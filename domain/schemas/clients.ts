import { z } from 'zod'
import { rule } from '../messages.ts'
import { formatCnpj, isValidCnpj } from './cnpj.ts'
import { formatCpf, isValidCpf } from './cpf.ts'
import { email, flag, optionalText, tags, text } from './fields.ts'

/** Where a company's clients are stored (a collection of storage/repositories). */
export const CLIENTS = 'clients'

/** docs/domain.md cd_cliente: a person (CPF) or a business (CNPJ). */
export const CLIENT_KINDS = ['person', 'business'] as const
export const CONTACT_KINDS = ['email', 'phone'] as const

const contact = z
  .object({ kind: z.enum(CONTACT_KINDS), label: optionalText(40), value: text(200) })
  .superRefine((c, ctx) => {
    if (c.kind === 'email' && !email.safeParse(c.value).success)
      ctx.addIssue({ code: 'custom', path: ['value'], ...rule('invalid_email') })
  })
  .transform((c) => (c.kind === 'email' ? { ...c, value: c.value.toLowerCase() } : c))

const address = z.object({
  label: optionalText(40),
  street: text(200),
  city: text(100),
  region: optionalText(60),
  postalCode: optionalText(20),
  isDefault: flag.default(false),
})

export type ClientAddress = z.output<typeof address>

/** A client's fields, each checked alone (a partial change is checked whole by clientInput once merged). */
export const clientFields = z.object({
  kind: z.enum(CLIENT_KINDS, { message: 'Choose person or business' }),
  name: text(200),
  tradeName: optionalText(200),
  taxId: optionalText(30),
  contacts: z.array(contact).max(20, 'At most 20').default([]),
  addresses: z.array(address).max(20, 'At most 20').default([]),
  billingAddress: optionalText(300),
  tags,
  notes: optionalText(4000),
})

/** A client as the API and the form take it; the tax id is checked against the kind (CPF or CNPJ) and formatted. */
export const clientInput = clientFields
  .superRefine((c, ctx) => {
    if (!c.taxId) return
    if (c.kind === 'person' && !isValidCpf(c.taxId))
      ctx.addIssue({ code: 'custom', path: ['taxId'], ...rule('invalid_cpf') })
    if (c.kind === 'business' && !isValidCnpj(c.taxId))
      ctx.addIssue({ code: 'custom', path: ['taxId'], ...rule('invalid_cnpj') })
  })
  .transform((c) => {
    // exactly one default service address when there is any: the first one marked, else the first
    const marked = Math.max(
      0,
      c.addresses.findIndex((a) => a.isDefault),
    )
    return {
      ...c,
      taxId: c.taxId ? (c.kind === 'person' ? formatCpf(c.taxId) : formatCnpj(c.taxId)) : '',
      addresses: c.addresses.map((a, i) => ({ ...a, isDefault: i === marked })),
    }
  })
export type ClientInput = z.output<typeof clientInput>

export type ClientRecord = ClientInput & { id: string; active: boolean; createdAt: string }

export const clientRow = z.object({
  id: z.string(),
  kind: z.enum(CLIENT_KINDS),
  name: z.string(),
  tradeName: z.string(),
  taxId: z.string(),
  contacts: z.array(z.object({ kind: z.enum(CONTACT_KINDS), label: z.string(), value: z.string() })),
  addresses: z.array(
    z.object({
      label: z.string(),
      street: z.string(),
      city: z.string(),
      region: z.string(),
      postalCode: z.string(),
      isDefault: z.boolean(),
    }),
  ),
  billingAddress: z.string(),
  tags: z.array(z.string()),
  notes: z.string(),
  active: z.boolean(),
  createdAt: z.string(),
  /** For the list: the first e-mail and phone, the default address's city. */
  email: z.string(),
  phone: z.string(),
  city: z.string(),
})
export type ClientRow = z.output<typeof clientRow>

/** One line of an address, as on an envelope. */
export const addressLine = (a: ClientAddress) => [a.street, a.city, a.region, a.postalCode].filter(Boolean).join(', ')

export function clientRowOf(c: ClientRecord): ClientRow {
  const first = (kind: 'email' | 'phone') => c.contacts.find((x) => x.kind === kind)?.value ?? ''
  return { ...c, email: first('email'), phone: first('phone'), city: c.addresses.find((a) => a.isDefault)?.city ?? '' }
}
