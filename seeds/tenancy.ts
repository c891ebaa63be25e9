import type { BranchRecord, CompanyRecord } from '../domain/tenancy.ts'
import type { Grant, Work } from '../domain/tenancy.ts'
import type { Culture } from '../domain/cultures.ts'

/** The demo sign-in, printed at start. Public demo data, not a secret. */
export const DEMO_ADMIN = { email: 'admin@demo.fieldservice.app', password: 'demo-admin-2026' }
export const DEMO_TECHNICIAN = { email: 'tech@demo.fieldservice.app', password: 'demo-tech-2026' }

/** The demo company's time zone unless DEMO_TIME_ZONE names another (README.md, settings). */
export const DEMO_TIME_ZONE = 'America/Sao_Paulo'

export const companies: CompanyRecord[] = [
  {
    COD_EMPRESA: 1,
    NOME_EMPRESA: 'Acme Field Services',
    RAZAO_SOCIAL: 'Acme Serviços Técnicos Ltda.',
    CNPJ: '11.222.333/0001-81',
    CURRENCY: 'BRL',
    CULTURE: 'pt',
    TIME_ZONE: DEMO_TIME_ZONE,
    ID_ARQUIVO: null,
    URL_LOGO: null,
    ACTIVE: true,
    // its invoices take Pix to its CNPJ and remind clients 1, 7 and 14 days after due
    ENDERECO: 'Av. Paulista, 1000 — Bela Vista, São Paulo — SP, 01310-100',
    CIDADE: 'São Paulo',
    PIX_KEY: '11222333000181',
    INVOICE_DUE_DAYS: 15,
    REMINDER_DAYS: [1, 7, 14],
  },
  {
    COD_EMPRESA: 2,
    NOME_EMPRESA: 'Northwind Home Services',
    RAZAO_SOCIAL: 'Northwind Home Services LLC',
    CNPJ: '45.723.174/0001-10',
    CURRENCY: 'USD',
    CULTURE: 'en',
    TIME_ZONE: 'America/Chicago',
    ID_ARQUIVO: null,
    URL_LOGO: null,
    ACTIVE: true,
    ENDERECO: '200 W Madison St, Chicago, IL 60606',
  },
]

const branch = (
  COD_EMPRESA: number,
  COD_FILIAL: number,
  NOM_FILIAL: string,
  main: boolean,
  PREFIX: string,
  TIME_ZONE: string,
): BranchRecord => ({
  COD_EMPRESA,
  COD_FILIAL,
  NOM_FILIAL,
  FLG_PRINCIPAL: main ? 'S' : 'N',
  PREFIX,
  TIME_ZONE,
  ACTIVE: true,
})

export const branches: BranchRecord[] = [
  branch(1, 1, 'Campinas', false, 'CPS', DEMO_TIME_ZONE),
  branch(1, 2, 'São Paulo (Matriz)', true, 'SAO', DEMO_TIME_ZONE),
  branch(1, 3, 'Rio de Janeiro', false, 'RIO', DEMO_TIME_ZONE),
  branch(2, 4, 'Austin', true, 'AUS', 'America/Chicago'),
]

/** A demo user; without a password nobody signs in as them (the demo company's other technicians are board columns). */
export type SeedUser = {
  id: string
  name: string
  email: string
  password: string | null
  culture: Culture
  grants: Grant[]
}

export const users: SeedUser[] = [
  {
    id: '6d1f0a52-3c1e-4b8e-9a51-0a3e5f1c2b01',
    name: 'Ana Costa',
    ...DEMO_ADMIN,
    culture: 'en',
    grants: [
      { empresa: 1, filial: 'all', role: 'admin' },
      { empresa: 2, filial: 'all', role: 'admin' },
    ],
  },
  {
    id: '6d1f0a52-3c1e-4b8e-9a51-0a3e5f1c2b02',
    name: 'Tiago Lima',
    ...DEMO_TECHNICIAN,
    culture: 'en',
    // he works for every branch of the company: the dispatch board of each shows him
    grants: [
      {
        empresa: 1,
        filial: 'all',
        role: 'technician',
        work: {
          color: 'blue',
          skills: ['refrigeração', 'elétrica'],
          workWeek: 'weekdays',
          workStart: '08:00',
          workEnd: '18:00',
        },
      },
    ],
  },
  technician('6d1f0a52-3c1e-4b8e-9a51-0a3e5f1c2b03', 'Diego Souza', {
    color: 'green',
    skills: ['refrigeração'],
    workWeek: 'mon_sat',
    workStart: '07:00',
    workEnd: '16:00',
  }),
  technician('6d1f0a52-3c1e-4b8e-9a51-0a3e5f1c2b04', 'Carla Mendes', {
    color: 'purple',
    skills: ['elétrica', 'segurança'],
    workWeek: 'weekdays',
    workStart: '08:00',
    workEnd: '17:00',
  }),
  technician('6d1f0a52-3c1e-4b8e-9a51-0a3e5f1c2b05', 'Rafael Alves', {
    color: 'orange',
    skills: ['pintura', 'elétrica'],
    workWeek: 'weekdays',
    workStart: '09:00',
    workEnd: '18:00',
  }),
]

/** A technician of the demo company's main branch who never signs in (his visits are on the board). */
function technician(id: string, name: string, work: Work): SeedUser {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}@demo.fieldservice.app`
  return {
    id,
    name,
    email,
    password: null,
    culture: 'pt',
    grants: [{ empresa: 1, filial: 2, role: 'technician', work }],
  }
}
