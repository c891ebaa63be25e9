import type { Hono } from 'hono'
import type { Schema } from 'hono/types'
import type { ModuleWithScreens } from '../../domain/modules/index.ts'
import type { AppEnv, Deps } from '../lib/deps.ts'
import { companyRoutes } from './ac-empresas.ts'
import { pageRoutes, userPageRoutes } from './ac-paginas.ts'
import { userRoutes } from './ac-usuarios.ts'
import { cdClienteRoutes } from './cd-cliente.ts'
import { cdCotacaoRoutes } from './cd-cotacao.ts'
import { cdFilialRoutes } from './cd-filial.ts'
import { cdJobRoutes } from './cd-job.ts'
import { cdEquipamentoRoutes } from './cd-equipamento.ts'
import { cdPlanoRoutes } from './cd-plano.ts'
import { cdOrdemRoutes } from './cd-ordem.ts'
import { cdInvoiceRoutes } from './cd-invoice.ts'
import { cdContasRoutes } from './cd-contas.ts'
import { cdFinanceiroRoutes } from './cd-financeiro.ts'
import { cdProdutoRoutes } from './cd-produto.ts'

/**
 * Each module's API, mounted at /api/<module> (one line per module, by its id in
 * domain/modules/); a module declared with an API and missing here does not compile.
 */
export const MODULE_ROUTES: Record<ModuleWithScreens, (deps: Deps) => Hono<AppEnv, Schema>> = {
  cd_cliente: cdClienteRoutes,
  cd_job: cdJobRoutes,
  cd_equipamento: cdEquipamentoRoutes,
  cd_plano: cdPlanoRoutes,
  cd_produto: cdProdutoRoutes,
  cd_cotacao: cdCotacaoRoutes,
  cd_ordem: cdOrdemRoutes,
  cd_invoice: cdInvoiceRoutes,
  cd_contas: cdContasRoutes,
  cd_financeiro: cdFinanceiroRoutes,
  ac_empresas: companyRoutes,
  cd_filial: cdFilialRoutes,
  ac_usuarios: userRoutes,
  ac_paginas: pageRoutes,
  ac_usuariospaginas: userPageRoutes,
}
