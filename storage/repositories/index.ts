import type { Store } from '../store.ts'
import { companiesRepository } from './companies.ts'
import { pageAccessRepository } from './page-access.ts'
import { resetTokensRepository } from './reset-tokens.ts'
import { sessionsRepository } from './sessions.ts'
import { throttleRepository } from './throttle.ts'
import { usersRepository } from './users.ts'

const FIFTEEN_MINUTES = 15 * 60 * 1000

export function createRepositories(store: Store) {
  return {
    users: usersRepository(store),
    sessions: sessionsRepository(store),
    companies: companiesRepository(store),
    pageAccess: pageAccessRepository(store),
    resetTokens: resetTokensRepository(store),
    /** Sign-in: 5 failures for one account within 15 minutes lock it for 15 minutes. */
    signInByAccount: throttleRepository(store, 'sign-in-account', { limit: 5, windowMs: FIFTEEN_MINUTES, lockMs: FIFTEEN_MINUTES }),
    /** And 50 failures from one address, whatever the accounts. */
    signInByAddress: throttleRepository(store, 'sign-in-address', { limit: 50, windowMs: FIFTEEN_MINUTES, lockMs: FIFTEEN_MINUTES }),
  }
}

export type Repositories = ReturnType<typeof createRepositories>
