import type { ModuleWithScreens } from '../../domain/modules/index.ts'
import type { FeatureModule } from '../kit/module'
import { companies } from './ac_empresas/module'
import { pages } from './ac_paginas/module'
import { users } from './ac_usuarios/module'
import { userPages } from './ac_usuariospaginas/module'
import { clients } from './cd_cliente/module'
import { quotes } from './cd_cotacao/module'
import { branches } from './cd_filial/module'
import { jobs } from './cd_job/module'
import { equipment } from './cd_equipamento/module'
import { plans } from './cd_plano/module'
import { orders } from './cd_ordem/module'
import { invoices } from './cd_invoice/module'
import { accounts } from './cd_contas/module'
import { finance } from './cd_financeiro/module'
import { products } from './cd_produto/module'

/**
 * The screens of each module that has them (one line each, by its id in domain/modules/: one
 * missing here does not compile); the registry's other pages show their title until they are built.
 */
export const FEATURES: Record<ModuleWithScreens, FeatureModule> = {
  ac_empresas: companies,
  cd_filial: branches,
  ac_usuarios: users,
  ac_paginas: pages,
  ac_usuariospaginas: userPages,
  cd_cliente: clients,
  cd_equipamento: equipment,
  cd_plano: plans,
  cd_job: jobs,
  cd_produto: products,
  cd_cotacao: quotes,
  cd_ordem: orders,
  cd_invoice: invoices,
  cd_contas: accounts,
  cd_financeiro: finance,
}

/** The screens of the module a route names, if it has them. */
export const featureOf = (module: string): FeatureModule | undefined =>
  Object.hasOwn(FEATURES, module) ? FEATURES[module as ModuleWithScreens] : undefined
