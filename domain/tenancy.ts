import type { Culture } from './cultures.ts'

/** The records of tenancy (docs/domain.md Administration): companies, branches, users and their grants. */
export type CompanyRecord = {
  COD_EMPRESA: number
  NOME_EMPRESA: string
  RAZAO_SOCIAL: string
  /** Empty for a company that has none (one founded by sign-up, outside Brazil). */
  CNPJ: string
  /** ISO 3166-1 alpha-2 (BR, MX, US); absent on companies made before it was asked. */
  COUNTRY?: string
  CURRENCY: 'BRL' | 'USD' | 'MXN'
  CULTURE: Culture
  TIME_ZONE: string
  ID_ARQUIVO: string | null
  URL_LOGO: string | null
  ACTIVE: boolean
  ENDERECO?: string
  TELEFONE?: string
  EMAIL?: string
  /** Money (cd_invoice): the city and Pix key its charges name, the days to pay, the reminders' days after due. */
  CIDADE?: string
  PIX_KEY?: string
  INVOICE_DUE_DAYS?: number
  REMINDER_DAYS?: number[]
  /** Scheduling: a visit's length from the tray when its services give none (minutes). */
  VISIT_MINUTES?: number
}

export type BranchRecord = {
  COD_FILIAL: number
  COD_EMPRESA: number
  NOM_FILIAL: string
  /** 'S' on exactly one branch of a company: the main one. */
  FLG_PRINCIPAL: 'S' | 'N'
  PREFIX: string
  TIME_ZONE: string
  ACTIVE: boolean
  CNPJ?: string
  ENDERECO?: string
}

/** A company's first branch, its main one (a new company's, whoever founds it). */
export function mainBranch(empresa: number, filial: number, name: string, timeZone: string): BranchRecord {
  return {
    COD_EMPRESA: empresa,
    COD_FILIAL: filial,
    NOM_FILIAL: name,
    FLG_PRINCIPAL: 'S',
    PREFIX: 'MAIN',
    TIME_ZONE: timeZone,
    ACTIVE: true,
  }
}

export const ROLES = ['admin', 'manager', 'dispatcher', 'technician', 'finance'] as const
export type Role = (typeof ROLES)[number]
export const USER_STATUSES = ['online', 'away', 'busy', 'not-visible'] as const
export type UserStatus = (typeof USER_STATUSES)[number]
export const SCHEMES = ['light', 'dark', 'auto'] as const
export type Scheme = (typeof SCHEMES)[number]
export const THEMES = ['default', 'brand', 'teal', 'rose', 'purple', 'amber'] as const
export type Theme = (typeof THEMES)[number]

/**
 * An invitation the person has not accepted yet: the name and language the company typed (a
 * person's own name and language stay theirs), when and by whom.
 */
export type Invitation = { name: string; culture: Culture; at: string; by: string }

/**
 * A grant: the user works in this company, in one branch or all of them, with a role;
 * `active: false` when disabled there; `invited` until the person accepts it.
 */
export type Grant = {
  empresa: number
  filial: number | 'all'
  role: Role
  active?: boolean
  invited?: Invitation
  /** How they work in the company, for the dispatch board (absent: the defaults of WORK_DEFAULTS). */
  work?: Work
}

/** The colours a technician may have on the dispatch board. */
export const TECHNICIAN_COLORS = ['blue', 'green', 'orange', 'purple', 'teal', 'rose', 'amber', 'slate'] as const
/** The working weeks a technician may have (the days, 0 Sunday … 6 Saturday): Monday to Friday, to Saturday, or every day. */
export const WORK_WEEKS = {
  weekdays: [1, 2, 3, 4, 5],
  mon_sat: [1, 2, 3, 4, 5, 6],
  all: [0, 1, 2, 3, 4, 5, 6],
} as const

/** A person's colour, skills, working week and hours in a company (docs/domain.md cd_ordemagendamento). */
export type Work = {
  color: (typeof TECHNICIAN_COLORS)[number]
  skills: string[]
  workWeek: keyof typeof WORK_WEEKS
  workStart: string
  workEnd: string
}
export const WORK_DEFAULTS: Work = {
  color: 'blue',
  skills: [],
  workWeek: 'weekdays',
  workStart: '08:00',
  workEnd: '18:00',
}

/** The grants that count: a user disabled in a company keeps the row (to enable again) but not the access; an invitation counts once accepted. */
export const activeGrants = (user: Pick<UserRecord, 'grants'>) =>
  user.grants.filter((g) => g.active !== false && !g.invited)

/** The invitations waiting for the person (one withdrawn by the company is not shown). */
export const pendingInvitations = (user: Pick<UserRecord, 'grants'>) =>
  user.grants.filter((g) => g.active !== false && g.invited)

/** The person accepts the company's invitation: the grant counts from now on (unchanged when none is pending). */
export function acceptInvitation<U extends Pick<UserRecord, 'grants'>>(user: U, empresa: number | undefined): U {
  if (empresa === undefined || !pendingInvitations(user).some((g) => g.empresa === empresa)) return user
  return {
    ...user,
    grants: user.grants.map((g) =>
      g.empresa === empresa ? { empresa: g.empresa, filial: g.filial, role: g.role } : g,
    ),
  }
}

/**
 * Whether a link the office can see (copied to pass on) may set the account's password: only while
 * the account is nothing but that company's invitation — no password, no other company. Such a
 * password proves no mailbox (`mailboxUnproven`); a link of any other account would give the
 * company that account, and what other companies gave it.
 */
export const officeLinkSetsPassword = (user: Pick<UserRecord, 'password' | 'grants'>, empresa: number | undefined) =>
  !user.password && user.grants.length > 0 && user.grants.every((g) => g.empresa === empresa && g.invited)

/** The person declines: the company's pending grant is gone. */
export function declineInvitation<U extends Pick<UserRecord, 'grants'>>(user: U, empresa: number): U {
  return { ...user, grants: user.grants.filter((g) => g.empresa !== empresa || !g.invited) }
}

export type PasswordHash = { algorithm: 'PBKDF2-SHA256'; iterations: number; salt: string; hash: string }

export type UserRecord = {
  id: string
  name: string
  email: string
  avatar: string | null
  status: UserStatus
  culture: Culture
  /** Appearance, kept per user (docs/shell.md §2 Layouts); absent means light / default. */
  scheme?: Scheme
  theme?: Theme
  active: boolean
  /** null: invited, no password chosen yet (nobody can sign in as them). */
  password: PasswordHash | null
  /**
   * The password was set through a link the office could see (an invitation's copied link), so
   * nothing shows that the person holding it holds the mailbox: they accept no invitation until
   * they choose a password from an e-mailed link (the invitation's, or a reset's).
   */
  mailboxUnproven?: true
  grants: Grant[]
  /** The company and branch the user last picked; the default for -1. */
  current: { empresa: number; filial: number } | null
  /** Raised to end every session of the user at once (password reset, disabling). */
  sessionEpoch: number
  createdAt: string
}

/** A new, active user with no session yet (sign-up, or an administrator's ac_usuarios). */
export function newUser(
  fields: Pick<UserRecord, 'name' | 'email' | 'culture' | 'password' | 'grants'>,
  now: number,
): UserRecord {
  return {
    id: crypto.randomUUID(),
    avatar: null,
    status: 'online',
    active: true,
    current: null,
    sessionEpoch: 0,
    createdAt: new Date(now).toISOString(),
    ...fields,
  }
}

/** What the API shows of a user: never the password. */
export type PublicUser = Pick<UserRecord, 'id' | 'name' | 'email' | 'avatar' | 'status' | 'culture'> & {
  scheme: Scheme
  theme: Theme
}

export function publicUser(user: UserRecord): PublicUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    avatar: user.avatar,
    status: user.status,
    culture: user.culture,
    scheme: user.scheme ?? 'light',
    theme: user.theme ?? 'default',
  }
}
