import { accessPage } from '../access.ts'
import { Hono } from 'hono'
import { z } from 'zod'
import type { AppEnv, Deps } from '../lib/deps.ts'
import { requireAuth } from '../lib/auth.ts'
import { doc } from '../lib/openapi.ts'
import { valid } from '../lib/validate.ts'
import { navigationSchema, searchResultSchema } from '../../domain/schemas/common-panels.ts'
import { navigation } from '../../domain/reference/navigation.ts'
import { navigationPages } from '../lib/page-access.ts'
import { requestCulture } from '../../domain/cultures.ts'
import { requestTenant } from '../lib/tenancy.ts'
import type { Context } from 'hono'
import type { Contact } from '../../domain/schemas/contacts.ts'
import type { ResourceModule } from '../../domain/module.ts'
import { RESOURCE_MODULES } from '../../domain/modules/index.ts'
import { listAnswer } from '../../domain/schemas/resource.ts'
import type { Task } from '../../domain/schemas/tasks.ts'
import { companyGrant, levelIn } from '../lib/admin.ts'
import { activeGrants } from '../../domain/tenancy.ts'
import { searchable } from '../../domain/search-text.ts'

/** How many results each group of the header search shows. */
const SEARCH_SIZE = 10

/** api/common/navigation and api/common/search (docs/demo-apis.md §7 Common). */
export function navigationRoutes(deps: Deps) {
  return new Hono<AppEnv>().use(requireAuth(deps)).get(
    '/',
    doc({
      operationId: 'getNavigation',
      description:
        'The navigation in its four layouts (compact, default, futuristic, horizontal): the pages of the current company the person may open, by group.',
      summary: 'The four navigation layouts',
      tags: ['common/navigation'],
      responses: { 200: navigationSchema },
    }),
    (c) => c.json(navigation()),
  )
}

export function searchRoutes(deps: Deps) {
  return new Hono<AppEnv>().use(requireAuth(deps)).post(
    '/',
    doc({
      operationId: 'search',
      example: { query: 'ana' },
      description:
        'The header search: clients, quotes, contacts, pages, tasks and, for who may open their pages, the companies, branches and people of the current company; compared without case or accents; groups with results only. An empty query answers an empty list.',
      summary:
        "Search clients (name, tax id), quotes and service orders (number, client), contacts, pages (the navigation's titles: the company's pages the user may open), tasks, and for who may open their pages the companies, branches and people of the current company; groups with results only; an empty query answers an empty result",
      tags: ['common/search'],
      responses: { 200: z.array(searchResultSchema) },
    }),
    valid('json', z.object({ query: z.string().max(200) })),
    async (c) => {
      const typed = c.req.valid('json').query.trim()
      const query = searchable(typed)
      if (!query) return c.json([])
      // Company data only when the user works in a company.
      const tenant = await requestTenant(deps, c).catch(() => null)
      const culture = requestCulture(c.req.header('accept-language'), c.get('auth').user.culture)
      const navigation = tenant ? await navigationPages(deps, tenant, c.get('auth').user.id, culture, c.env) : []
      // contacts and tasks only where their pages may be read (bff/access.ts: they ride on clients and technician work)
      const may = (module: string) => tenant !== null && navigation.some((p) => p.module === module)
      const [contacts, tasks] = await Promise.all([
        may(accessPage('/apps/contacts')) ? deps.repos.company(tenant!.empresa).records<Contact>('contacts').all() : [],
        may(accessPage('/apps/tasks')) ? deps.repos.company(tenant!.empresa).list<Task>('tasks').all() : [],
      ])
      // the navigation's titles: the company's pages the user may open, in the request's language
      const pages = navigation
        .filter((p) => searchable(p.title).includes(query))
        .map((p) => ({ id: p.module, title: p.title, value: p.title, link: `/view/${p.module}` }))
      const contactResults = contacts
        .filter((contact) => searchable(contact.name).includes(query))
        .sort((a, b) => a.name.localeCompare(b.name))
        .slice(0, SEARCH_SIZE)
        .map((contact) => ({
          id: contact.id,
          avatar: contact.avatar,
          name: contact.name,
          value: contact.name,
          link: `/apps/contacts/${contact.id}`,
        }))
      const taskResults = tasks
        .filter((task) => task.type === 'task' && searchable(task.title).includes(query))
        .slice(0, SEARCH_SIZE)
        .map((task) => ({
          id: task.id,
          title: task.title,
          completed: task.completed,
          value: task.title,
          link: `/apps/tasks/${task.id}`,
        }))
      // the business records of the modules that declare it (domain/module.ts headerSearch), as their lists find them
      const declared = await Promise.all(
        RESOURCE_MODULES.filter((m) => m.api.headerSearch && may(m.id)).map((m) => moduleResults(deps, c, m, typed)),
      )
      // administration: companies, branches and people, for who may open their pages
      const user = c.get('auth').user
      const matches = (...texts: string[]) => texts.some((t) => searchable(t).includes(query))
      const companyIds = [...new Set(activeGrants(user).map((g) => g.empresa))]
      const companies =
        tenant && may('ac_empresas')
          ? (
              await Promise.all(
                companyIds.map(async (id) =>
                  (await levelIn(deps, user, id, 'ac_empresas')) === 'none' ? null : deps.repos.companies.find(id),
                ),
              )
            ).filter((x) => x !== null)
          : []
      const companyResults = companies
        .filter((company) => company.ACTIVE && matches(company.NOME_EMPRESA, company.RAZAO_SOCIAL ?? ''))
        .slice(0, SEARCH_SIZE)
        .map((company) => ({
          id: String(company.COD_EMPRESA),
          value: company.NOME_EMPRESA,
          detail: company.RAZAO_SOCIAL ?? '',
          link: `/view/ac_empresas/${company.COD_EMPRESA}`,
        }))
      const branches = may('cd_filial') ? await deps.repos.companies.branches(tenant!.empresa) : []
      const branchResults = branches
        .filter((branch) => branch.ACTIVE && matches(branch.NOM_FILIAL, branch.PREFIX))
        .slice(0, SEARCH_SIZE)
        .map((branch) => ({
          id: String(branch.COD_FILIAL),
          value: branch.NOM_FILIAL,
          detail: branch.PREFIX,
          link: `/view/cd_filial/${branch.COD_FILIAL}`,
        }))
      const people = may('ac_usuarios')
        ? (await deps.repos.users.members(tenant!.empresa))
            .map((m) => m.value)
            .filter((u) => u.active && companyGrant(u, tenant!.empresa, { invited: true }))
        : []
      const userResults = people
        .filter((person) => matches(person.name, person.email))
        .sort((a, b) => a.name.localeCompare(b.name))
        .slice(0, SEARCH_SIZE)
        .map((person) => ({
          id: person.id,
          value: person.name,
          detail: person.email,
          link: `/view/ac_usuarios/${person.id}`,
        }))
      const groups = [
        ...declared.filter((group) => group !== null),
        { id: 'contacts', label: 'Contacts', results: contactResults },
        { id: 'pages', label: 'Pages', results: pages },
        { id: 'tasks', label: 'Tasks', results: taskResults },
        { id: 'companies', label: 'Companies', results: companyResults },
        { id: 'branches', label: 'Branches', results: branchResults },
        { id: 'users', label: 'Users', results: userResults },
      ]
      return c.json(groups.filter((g) => g.results.length > 0))
    },
  )
}

/** What the header search shows of one module: the first results of its own list for the text typed, in its declared order. */
async function moduleResults(deps: Deps, c: Context<AppEnv>, module: ResourceModule, typed: string) {
  const search = module.api.headerSearch!
  const query = new URLSearchParams({
    search: typed,
    size: String(SEARCH_SIZE),
    sort: search.sort,
    order: search.order ?? 'asc',
  })
  const headers: Record<string, string> = {}
  for (const name of ['authorization', 'x-empresa', 'x-filial', 'accept-language']) {
    const value = c.req.header(name)
    if (value) headers[name] = value
  }
  const res = await deps.inProcess(`/${module.id}?${query}`, { headers }, c.env)
  if (!res.ok) return null
  const rows = listAnswer(module.api.row).parse(await res.json()).Dados.items
  const culture = requestCulture(c.req.header('accept-language'), c.get('auth').user.culture)
  return {
    id: search.group,
    label: module.page.titles[culture],
    results: rows.map((row) => {
      const id = encodeURIComponent(String(row[module.api.idKey]))
      return { id, value: search.value(row), detail: search.detail(row), link: `/view/${module.id}/${id}` }
    }),
  }
}
