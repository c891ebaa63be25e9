import type { FeatureModule } from '../kit/module'
import { companies } from './ac_empresas/module'
import { pages } from './ac_paginas/module'
import { users } from './ac_usuarios/module'
import { userPages } from './ac_usuariospaginas/module'
import { clients } from './cd_cliente/module'
import { quotes } from './cd_cotacao/module'
import { branches } from './cd_filial/module'
import { jobs } from './cd_job/module'

/** The modules with screens of their own (each one line); the others show their title until they have them. */
export const FEATURES: Record<string, FeatureModule> = { ac_empresas: companies, cd_filial: branches, ac_usuarios: users, ac_paginas: pages, ac_usuariospaginas: userPages, cd_cliente: clients, cd_job: jobs, cd_cotacao: quotes }
