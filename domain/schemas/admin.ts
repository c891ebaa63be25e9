import { z } from 'zod'
import { ACCESS_LEVELS, PAGE_GROUPS } from '../access.ts'
import { ROLES, TECHNICIAN_COLORS, WORK_WEEKS } from '../tenancy.ts'
import { formatCnpj, isValidCnpj } from './cnpj.ts'
import { MESSAGES, rule } from '../messages.ts'
import { LANGUAGES } from '../cultures.ts'
import { decimal, email, flag, optionalText, tags, text } from './fields.ts'
import { DEFAULT_DUE_DAYS } from './invoices.ts'
import { DEFAULT_VISIT_MINUTES } from './appointments.ts'
import { isTimeZone } from '../dates.ts'

/**
 * The administration modules' inputs (docs/domain.md Administration): one schema for the API and
 * the pages' forms, so a field is refused with the same words in both.
 */
export const timeZone = z
  .string()
  .refine(isTimeZone, rule('invalid_time_zone'))
  .meta({
    description: 'An IANA time zone (America/Sao_Paulo, America/Mexico_City …)',
    pattern: '^[A-Za-z_]+(?:/[A-Za-z0-9_+-]+)*$',
    examples: ['America/Sao_Paulo'],
  })
const regions = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' })
const isCountry = (code: string) => /^[A-Z]{2}$/.test(code) && code !== 'ZZ' && regions.of(code) !== undefined
/** A country as ISO 3166-1 alpha-2 (BR, MX, US …). */
export const country = z
  .string()
  .trim()
  .toUpperCase()
  .refine(isCountry, rule('invalid_country'))
  .meta({ description: 'A country, ISO 3166-1 alpha-2', pattern: '^\\s*[A-Za-z]{2}\\s*$', examples: ['BR'] })
/** A company's country, or empty (companies made before it was asked). */
const optionalCountry = z
  .string()
  .trim()
  .toUpperCase()
  .refine((code) => code === '' || isCountry(code), rule('invalid_country'))
  .meta({ description: 'A country, ISO 3166-1 alpha-2, or empty', pattern: '^\\s*([A-Za-z]{2})?\\s*$' })
  .optional()

/** A CNPJ or empty (a branch without its own, a company outside Brazil). */
const optionalCnpj = z
  .string()
  .trim()
  .refine((v) => v === '' || isValidCnpj(v), rule('invalid_cnpj'))
  .transform((v) => (v ? formatCnpj(v) : ''))
  .meta({
    description: 'A CNPJ (14 digits with valid check digits, punctuated or not), or empty',
    pattern: '^\\s*(\\d{2}\\.?\\d{3}\\.?\\d{3}/?\\d{4}-?\\d{2})?\\s*$',
  })
  .default('')

/**
 * A Pix key as the Banco Central defines them: a CPF or CNPJ (digits), an e-mail, a phone
 * (+55 and 10 or 11 digits) or a random key (a UUID); empty for none.
 */
const pixKey = z
  .string()
  .trim()
  .refine(
    (v) =>
      v === '' ||
      /^\d{11}$|^\d{14}$/.test(v) ||
      /^\+55\d{10,11}$/.test(v) ||
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v) ||
      (v.length <= 77 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v)),
    rule('invalid_pix_key'),
  )
  .default('')

/** Days after the due date, typed as a list ("1, 7, 14") or sent as numbers: each once, in order. */
const reminderDays = z
  .union([
    z.array(z.number()),
    z.string().transform((v) =>
      v.trim()
        ? v
            .split(/[\s,;]+/)
            .filter(Boolean)
            .map(Number)
        : [],
    ),
  ])
  .refine(
    (days) => days.length <= 5 && days.every((d) => Number.isInteger(d) && d >= 1 && d <= 365),
    rule('invalid_reminder_days'),
  )
  .transform((days) => [...new Set(days)].sort((a, b) => a - b))
  .default([])
  .meta({ description: 'Days after the due date an overdue invoice is reminded: at most 5, each from 1 to 365' })

export const companyInput = z.object({
  NOME_EMPRESA: text(120),
  RAZAO_SOCIAL: text(200),
  CNPJ: optionalCnpj,
  COUNTRY: optionalCountry,
  ENDERECO: optionalText(300),
  TELEFONE: optionalText(40),
  EMAIL: z.union([z.literal(''), email]).default(''),
  CURRENCY: z.enum(['BRL', 'USD', 'MXN'], { message: 'Choose a currency' }),
  CULTURE: z.enum(LANGUAGES, { message: 'Choose a language' }),
  TIME_ZONE: timeZone,
  /** The city its Pix charges name (the BR Code's merchant city). */
  CIDADE: optionalText(60),
  /** The Pix key clients pay its invoices to (a CNPJ, an e-mail, a phone or a random key); empty: no Pix. */
  PIX_KEY: pixKey,
  /** Days an invoice is due after its issue. */
  INVOICE_DUE_DAYS: decimal(0, 0, 365).default(DEFAULT_DUE_DAYS),
  /** The reminders of an overdue invoice: days after its due date (at most 5, each from 1 to 365). */
  REMINDER_DAYS: reminderDays,
  /** How long a visit is booked for from the board's tray when its order's services give no time (minutes). */
  VISIT_MINUTES: decimal(0, 15, 480).default(DEFAULT_VISIT_MINUTES),
})
export type CompanyInput = z.output<typeof companyInput>

export const branchInput = z.object({
  NOM_FILIAL: text(120),
  FLG_PRINCIPAL: z.enum(['S', 'N']).default('N'),
  CNPJ: optionalCnpj,
  ENDERECO: optionalText(300),
  TIME_ZONE: timeZone,
  PREFIX: z
    .string()
    .trim()
    // typed as it comes ("vm"), kept in capitals ("VM")
    .toUpperCase()
    .refine((v) => /^[A-Z0-9]{1,6}$/.test(v), rule('invalid_prefix'))
    .meta({
      description: 'The branch’s prefix in numbers: 1 to 6 letters (A–Z) or digits, kept in capitals',
      pattern: '^\\s*[A-Za-z0-9]{1,6}\\s*$',
    }),
})
export type BranchInput = z.output<typeof branchInput>

const grantFields = {
  role: z.enum(ROLES, { message: 'Choose a role' }),
  /** A branch number, or all branches of the company. */
  filial: z.union([z.literal('all'), z.coerce.number().int().positive()], {
    message: 'Choose a branch or all branches',
  }),
}
/**
 * Inviting a person to the company: the name and language are what the company calls them
 * until they accept (a person's own name, language and password are theirs alone).
 */
export const userCreateInput = z.object({
  name: text(120),
  email,
  /** The language of the invitation and of their account; the company's own (its CULTURE) when not given. */
  culture: z.enum(LANGUAGES, { message: 'Choose a language' }).optional(),
  ...grantFields,
  /** What they can do, for the board's warnings (a technician's: split, elétrica …); none when not given. */
  skills: tags.optional(),
})
/**
 * An invitation's link for the office to pass on (`POST /api/ac_usuarios/{id}/invitation-link`, and
 * `/resend-invitation` when no e-mail carried it: null when one did), and whether an e-mail carried
 * it. The same shape for every address: it tells nothing about other companies or accounts.
 */
export const invitationLinkAnswer = z.object({ url: z.url().nullable(), emailed: z.boolean() })
const timeOfDay = z
  .string()
  .trim()
  .refine((v) => /^([01]\d|2[0-3]):[0-5]\d$/.test(v), rule('invalid_time'))
  .meta({ description: 'A time of day, HH:MM (24 hours)', pattern: '^\\s*([01]\\d|2[0-3]):[0-5]\\d\\s*$' })
/**
 * How a person works in the company, for the dispatch board (docs/domain.md cd_ordemagendamento):
 * their colour, their skills, their working week and hours (in the branch's time; booking outside
 * them is a warning, not a refusal).
 */
export const workFields = {
  color: z.enum(TECHNICIAN_COLORS, { message: 'Choose a colour' }).default('blue'),
  skills: tags,
  workWeek: z
    .enum(Object.keys(WORK_WEEKS) as [keyof typeof WORK_WEEKS], { message: 'Choose a week' })
    .default('weekdays'),
  workStart: timeOfDay.default('08:00'),
  workEnd: timeOfDay.default('18:00'),
}
/** What a company manages of a person: their access to it, and how they work in it. */
export const userUpdateInput = z.object({ ...grantFields, active: flag, ...workFields })
export type UserCreateInput = z.output<typeof userCreateInput>
export type UserUpdateInput = z.output<typeof userUpdateInput>

export const pageInput = z.object({
  title_en: text(80),
  title_es: text(80),
  title_pt: text(80),
  icon: z.string().trim().min(1, MESSAGES.field_required).max(500),
  group: z.enum(PAGE_GROUPS, { message: 'Choose a group' }),
  order: z.coerce.number().int().min(0, 'From 0 to 9999').max(9999, 'From 0 to 9999'),
  active: flag,
})

export const userPagesInput = z.object({
  userId: z.string().min(1).max(100),
  levels: z.record(z.string().regex(/^[a-z_]{2,40}$/), z.enum(ACCESS_LEVELS)),
})

export const companyRow = z.object({
  COD_EMPRESA: z.number(),
  NOME_EMPRESA: z.string(),
  RAZAO_SOCIAL: z.string(),
  CNPJ: z.string(),
  COUNTRY: z.string().optional(),
  ENDERECO: z.string().default(''),
  TELEFONE: z.string().default(''),
  EMAIL: z.string().default(''),
  CURRENCY: z.string(),
  CULTURE: z.string(),
  TIME_ZONE: z.string(),
  // money (cd_invoice): absent on companies that never set them
  CIDADE: z.string().optional(),
  PIX_KEY: z.string().optional(),
  INVOICE_DUE_DAYS: z.number().int().optional(),
  REMINDER_DAYS: z.array(z.number().int()).optional(),
  VISIT_MINUTES: z.number().int().optional(),
  URL_LOGO: z.string().nullable(),
  ACTIVE: z.boolean(),
})
export const userRow = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  culture: z.string(),
  role: z.enum(ROLES),
  filial: z.union([z.literal('all'), z.number()]),
  active: z.boolean(),
  invited: z.boolean(),
  color: z.enum(TECHNICIAN_COLORS),
  skills: z.array(z.string()),
  workWeek: z.enum(Object.keys(WORK_WEEKS) as [keyof typeof WORK_WEEKS]),
  workStart: z.string(),
  workEnd: z.string(),
})
/** The caller's level on one page of the current company, with its title in the request's language (`GET /api/ac_paginas/mine`). */
export const myPageAnswer = z.object({
  module: z.string(),
  title: z.string(),
  group: z.enum(PAGE_GROUPS),
  level: z.enum(ACCESS_LEVELS),
})
export const pageRow = z.object({
  module: z.string(),
  title_en: z.string(),
  title_es: z.string(),
  title_pt: z.string(),
  icon: z.string(),
  group: z.enum(PAGE_GROUPS),
  order: z.number(),
  active: z.boolean(),
})
export const userPageRow = z.object({
  module: z.string(),
  title: z.string(),
  preset: z.enum(ACCESS_LEVELS),
  level: z.enum(ACCESS_LEVELS),
})
