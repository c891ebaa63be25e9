import type { AccessLevel, PageRecord } from '../access.ts'
import type { ModuleDeclaration, ResourceModule } from '../module.ts'
import type { Role } from '../tenancy.ts'
import { companies } from './ac-empresas.ts'
import { pages } from './ac-paginas.ts'
import { users } from './ac-usuarios.ts'
import { userPages } from './ac-usuariospaginas.ts'
import { clients } from './cd-cliente.ts'
import { quotes } from './cd-cotacao.ts'
import { branches } from './cd-filial.ts'
import { jobs } from './cd-job.ts'
import { equipment } from './cd-equipamento.ts'
import { plans } from './cd-plano.ts'
import { reports, scheduling, techOrders } from './coming.ts'
import { finance } from './cd-financeiro.ts'
import { invoices } from './cd-invoice.ts'
import { orders } from './cd-ordem.ts'
import { accounts } from './cd-contas.ts'
import { products } from './cd-produto.ts'

/**
 * Every module of the product, one line each: the page registry and the role presets, the API's
 * mounts and access table, the pages' routes, the search and the tests all read this list.
 */
const DECLARED = [
  clients,
  equipment,
  plans,
  jobs,
  products,
  quotes,
  orders,
  scheduling,
  techOrders,
  invoices,
  accounts,
  finance,
  reports,
  companies,
  branches,
  users,
  pages,
  userPages,
] as const
export const MODULES: readonly ModuleDeclaration[] = DECLARED

/** The modules with an API and screens: each is mounted by the BFF (bff/routes/modules.ts) and drawn by the pages (app/features/index.ts), which the compiler checks. */
export type ModuleWithScreens = Extract<(typeof DECLARED)[number], { api: object } | { own: string }>['id']

/** The modules whose API the resource factory makes. */
export const RESOURCE_MODULES = MODULES.filter((m): m is ResourceModule => m.api !== undefined)

/** The screens every company starts with (docs/domain.md ac_paginas): the company's own once edited. */
export const DEFAULT_PAGES: PageRecord[] = MODULES.map((m) => ({ module: m.id, ...m.page, active: true })).sort(
  (a, b) => a.order - b.order,
)

const byId = new Map(MODULES.map((m) => [m.id, m]))

/** A role's preset level on a page (docs/domain.md ac_usuarios); the matrix may then be adjusted per user. */
export const presetLevel = (role: Role, module: string): AccessLevel => byId.get(module)?.roles[role] ?? 'none'
