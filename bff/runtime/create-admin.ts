// `npm run create-admin -- --company "…" --cnpj … --name "…" --email …`: the first company of an
// empty store (a production start holds no user) with its main branch and its admin.
import { parseArgs } from 'node:util'
import { z } from 'zod'
import { companyInput } from '../../domain/schemas/admin.ts'
import { mainBranch, newUser } from '../../domain/tenancy.ts'
import { loadConfigOrExit } from '../config.ts'
import { randomToken } from '../lib/base64.ts'
import { hashPassword } from '../lib/passwords.ts'
import { requireStrongPassword } from '../lib/password-strength.ts'
import { commonStorageChoice, openStore } from '../../storage/open.ts'
import { createRepositories } from '../../storage/repositories/index.ts'

const fail = (message: string): never => {
  console.error(message)
  process.exit(1)
}

const { values } = parseArgs({
  options: {
    company: { type: 'string' },
    'legal-name': { type: 'string' },
    cnpj: { type: 'string' },
    currency: { type: 'string', default: 'BRL' },
    culture: { type: 'string', default: 'en' },
    'time-zone': { type: 'string', default: 'UTC' },
    name: { type: 'string' },
    email: { type: 'string' },
    password: { type: 'string' },
  },
})
const company = companyInput.safeParse({
  NOME_EMPRESA: values.company,
  RAZAO_SOCIAL: values['legal-name'] ?? values.company,
  CNPJ: values.cnpj,
  CURRENCY: values.currency,
  CULTURE: values.culture,
  TIME_ZONE: values['time-zone'],
})
if (!company.success)
  fail(`Invalid --${String(company.error!.issues[0].path[0]).toLowerCase()}: ${company.error!.issues[0].message}`)
const admin = z.object({
  name: z.string().trim().min(1, 'required'),
  email: z.email('must be an e-mail address').toLowerCase(),
  password: z.string().min(12, 'at least 12 characters'),
})
// no password given: a random one, printed once
const password = values.password ?? randomToken(15)
const person = admin.safeParse({ name: values.name, email: values.email, password })
if (!person.success) fail(`Invalid --${String(person.error!.issues[0].path[0])}: ${person.error!.issues[0].message}`)

await requireStrongPassword('password', password, [values.name ?? '', values.email ?? '']).catch(() =>
  fail('Invalid --password: too easy to guess (common, a pattern, a lone word, or your name or e-mail)'),
)
const config = loadConfigOrExit(process.env, (code) => process.exit(code))
const choice =
  commonStorageChoice(config) ??
  fail(
    `STORAGE_DRIVER=${config.storageDriver}: create the first admin with the Node server's drivers (fs, redis, memory)`,
  )
const store = await openStore(choice)
const repos = createRepositories(store)
if ((await repos.companies.list()).length)
  fail('This storage already has companies: sign in as one of their admins to add more.')
const COD_EMPRESA = await repos.companies.nextNumber()
const input = company.data!
await repos.companies.save({ COD_EMPRESA, ...input, ID_ARQUIVO: null, URL_LOGO: null, ACTIVE: true })
await repos.companies.saveBranch(
  mainBranch(COD_EMPRESA, await repos.companies.nextBranchNumber(), input.NOME_EMPRESA, input.TIME_ZONE),
)
const { name, email } = person.data!
if (
  !(await repos.users.create(
    newUser(
      {
        name,
        email,
        culture: input.CULTURE,
        password: await hashPassword(password),
        grants: [{ empresa: COD_EMPRESA, filial: 'all', role: 'admin' }],
      },
      Date.now(),
    ),
  ))
)
  fail(`${email} already has an account.`)
await store.dispose()
console.log(
  `Created ${input.NOME_EMPRESA} (company ${COD_EMPRESA}) and its admin ${email}${values.password ? '' : ` with the password ${password} (change it after signing in)`}.`,
)
