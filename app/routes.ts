import { index, layout, route, type RouteConfig } from '@react-router/dev/routes'

/** The modules with screens: app/features/<module>/page.tsx each (tests/unit/routes.test.ts holds it to app/features/index.ts). */
export const FEATURE_PAGES = [
  'ac_empresas',
  'cd_filial',
  'ac_usuarios',
  'ac_paginas',
  'ac_usuariospaginas',
  'cd_cliente',
  'cd_equipamento',
  'cd_plano',
  'cd_job',
  'cd_produto',
  'cd_cotacao',
  'cd_ordem',
  'cd_invoice',
  'cd_contas',
  'cd_financeiro',
] as const

export default [
  index('routes/index.tsx'),
  route('signed-in-redirect', 'routes/signed-in-redirect.tsx'),
  route('home', 'routes/home.tsx'),
  layout('layouts/signed-out-layout.tsx', [
    route('sign-in', 'routes/sign-in.tsx'),
    route('sign-up', 'routes/sign-up.tsx'),
    route('confirmation-required', 'routes/confirmation-required.tsx'),
    route('forgot-password', 'routes/forgot-password.tsx'),
    route('reset-password', 'routes/reset-password.tsx'),
  ]),
  // a sign-up's e-mailed link: founds the company (any visitor holding the link, signed in or not)
  route('confirm-email', 'routes/confirm-email.tsx'),
  route('sign-out', 'routes/sign-out.tsx'),
  route('unlock-session', 'routes/unlock-session.tsx'),
  route('error/404', 'routes/error/404.tsx'),
  route('error/500', 'routes/error/500.tsx'),
  route('resources/switch-branch', 'routes/resources/switch-branch.ts'),
  route('resources/language', 'routes/resources/language.ts'),
  route('resources/appearance', 'routes/resources/appearance.ts'),
  route('resources/panel', 'routes/resources/panel.ts'),
  route('resources/search', 'routes/resources/search.ts'),
  route('resources/shortcuts', 'routes/resources/shortcuts.ts'),
  route('resources/upload', 'routes/resources/upload.ts'),
  route('resources/export/:module', 'routes/resources/export.ts'),
  route('resources/reports/:report', 'routes/resources/report-csv.ts'),
  route('resources/statement-import/:account', 'routes/resources/statement-import.ts'),
  route('resources/price-list-import', 'routes/resources/price-list-import.ts'),
  route('resources/payable-attachment/:id', 'routes/resources/payable-attachment.ts'),
  route('resources/equipment-photos/:id', 'routes/resources/equipment-photos.ts'),
  route('resources/pick/:module/:picker', 'routes/resources/pick.ts'),
  route('resources/client-link/:kind/:id', 'routes/resources/client-link.ts'),
  route('resources/client-share/:kind/:id', 'routes/resources/client-share.ts'),
  route('resources/pdf/:kind/:id', 'routes/resources/pdf.ts'),
  route('resources/board-events', 'routes/resources/board-events.ts'),
  route('resources/part-options', 'routes/resources/part-options.ts'),
  route('resources/visit-files/:id', 'routes/resources/visit-files.ts'),
  // a client's page of a sent quote: no sign-in, the signed link is the key
  route('q/:token', 'routes/quote.tsx'),
  // a client's page of a sent invoice, to read and pay it: the signed link is the key
  route('i/:token', 'routes/invoice.tsx'),
  route('view', 'layouts/view-layout.tsx', [
    route('home', 'routes/view/home.tsx'),
    route('myaccount', 'routes/view/myaccount.tsx'),
    route('help', 'routes/view/help.tsx'),
    // a user's page matrix: a screen of its own
    route('ac_usuariospaginas/:id', 'routes/view/ac_usuariospaginas/record.tsx'),
    // the dispatch board: a screen of its own
    route('cd_ordemagendamento', 'routes/view/scheduling.tsx'),
    route('cd_techorders', 'routes/view/techorders.tsx'),
    route('cd_techorders/:id', 'routes/view/visit.tsx'),
    // the owner's reports: a screen of its own
    route('cd_reports', 'routes/view/reports.tsx'),
    // an account's imported bank statement, to go through its lines
    route('cd_contas/:account/statements/:statement', 'routes/view/statement.tsx'),
    // each module with screens: its list and its records, each module's in scripts of its own (the user pages' records above)
    ...FEATURE_PAGES.map((module) =>
      route(module === 'ac_usuariospaginas' ? module : `${module}/:id?`, `features/${module}/page.tsx`),
    ),
    // the registry's other modules: their title until they are built
    route(':module/:id?', 'routes/view/module.tsx'),
  ]),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
