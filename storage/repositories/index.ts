import type { Store } from '../store.ts'
import { uniqueValues } from './unique-values.ts'
import { numberSeries } from './number-series.ts'
import { bookingsRepository } from './bookings.ts'
import { activityRepository } from './activity.ts'
import { idempotencyRepository } from './idempotency.ts'
import { owedRepository } from './owed.ts'
import { rollupsRepository } from './rollups.ts'
import { appData } from './app-data.ts'
import { indexedRecords } from './indexed-records.ts'
import { companiesRepository } from './companies.ts'
import { keys } from '../keys.ts'
import { userPanelsRepository } from './user-panels.ts'
import { pageAccessRepository } from './page-access.ts'
import { resetTokensRepository } from './reset-tokens.ts'
import { signUpsRepository } from './sign-ups.ts'
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
    signUps: signUpsRepository(store),
    /** One company's data of the demo apps. */
    company: (empresa: number) => appData(store, empresa),
    /** The change log of one record of a company's module. */
    activity: (empresa: number, module: string, recordId: string | number) =>
      activityRepository(store, empresa, module, recordId),
    /** A company's collection of a business module, indexed in memory (lists never scan storage). */
    /** The values one record of a company collection holds alone (a client's tax id, a job's code). */
    unique: (empresa: number, collection: string, field: string, now: () => number = Date.now) =>
      uniqueValues(store, empresa, collection, field, now),
    /** The Idempotency-Keys of the API's writes and their answers (docs/api.md §8). */
    idempotency: (now: () => number) => idempotencyRepository(store, now),
    /** The derived facts writes moved the sources of and that are not settled yet (docs/domain.md "Derived facts"). */
    owed: owedRepository(store),
    /** A company's report figures, kept per measure, branch and month (docs/domain.md "Reports"). */
    rollups: (empresa: number) => rollupsRepository(store, empresa),
    /**
     * Which figures' version, and which demo data's, every company's figures were last worked out
     * for (bff/lib/reports.ts backfill): `stale` when either moved since.
     */
    figuresMarker: {
      async stale(version: number): Promise<{ seed: number } | null> {
        const seed = (await store.get<{ version: number }>(keys.system('seed')))?.value.version ?? 0
        const done = (await store.get<{ version: number; seed: number }>(keys.system('figures')))?.value
        return done && done.version === version && done.seed === seed ? null : { seed }
      },
      async done(version: number, seed: number): Promise<void> {
        await store.put(keys.system('figures'), { version, seed })
      },
    },
    /** A company's technicians' booked times (no two appointments of one technician overlap). */
    bookings: (empresa: number, now: () => number = Date.now) => bookingsRepository(store, empresa, now),
    /**
     * What a branch's open dispatch boards compare (bff/lib/live.ts): a number moved by each write of
     * the branch's appointments and visits, so a board hears its own branch's changes and no other's.
     */
    boardStamp: (empresa: number, filial: number) => {
      const key = keys.companyRecord(empresa, 'board-stamps', filial)
      return {
        get: async () => (await store.get<number>(key))?.value ?? 0,
        bump: async () => (await store.update<number>(key, (cur) => (cur?.value ?? 0) + 1))?.value ?? 0,
      }
    },
    /** A company's document number series (quotes of a branch in a year ...). */
    series: (empresa: number, name: string) => numberSeries(store, keys.series(empresa, name)),
    /**
     * Every series' pending numbers looked into: at the start of the data's one writer (fs), after a
     * crash, a number whose document never came is given back at once.
     */
    async settleSeries(): Promise<void> {
      for (const empresa of await store.children(keys.companies()))
        for (const name of await store.children(keys.seriesOf(Number(empresa))))
          await numberSeries(store, `${keys.seriesOf(Number(empresa))}:${name}`).settle()
    },
    /** A company's collection indexed by a projection of its own (compact rows for a large list). */
    indexed: <T extends { id: string }, R>(
      empresa: number,
      name: string,
      project: (item: T) => R,
      projection: string,
    ) => indexedRecords<T, R>(store, empresa, name, project, projection),
    collection: <T extends { id: string }>(empresa: number, name: string) =>
      indexedRecords<T, T>(store, empresa, name, (item) => item),
    /** A user's messages, notifications and shortcuts. */
    panels: (userId: string) => userPanelsRepository(store, userId),
    /** One read of the storage, for the health check: it resolves when the storage answers. */
    async ping(): Promise<void> {
      await store.get(keys.system('health'))
    },
    /** The generated JWT signing key of a store without JWT_SECRET: made on first use, then kept. */
    async generatedSecret(make: () => string): Promise<string> {
      await store.create(keys.system('jwt-secret'), make())
      return (await store.get<string>(keys.system('jwt-secret')))!.value
    },
    /**
     * Sign-in failures lock the (account, address) pair only — 5 in 15 minutes — so strangers
     * failing elsewhere never lock the owner out; and 50 from one address, whatever the accounts.
     */
    signInByAccountAddress: throttleRepository(store, 'sign-in-pair', {
      limit: 5,
      windowMs: FIFTEEN_MINUTES,
      lockMs: FIFTEEN_MINUTES,
    }),
    signInByAddress: throttleRepository(store, 'sign-in-address', {
      limit: 50,
      windowMs: FIFTEEN_MINUTES,
      lockMs: FIFTEEN_MINUTES,
    }),
    /**
     * Sign-up, forgot-password and a sign-up's confirmation: 10 per address in 15 minutes (each
     * costs a hash or a write); past many in all, a proof of work instead (bff/lib/account-requests.ts).
     */
    accountRequestsByAddress: throttleRepository(store, 'account-requests-address', {
      limit: 10,
      windowMs: FIFTEEN_MINUTES,
      lockMs: FIFTEEN_MINUTES,
    }),
    /** A solved proof of work is spent once: its seed, for the 10 minutes its challenge lasts. */
    spentProofs: throttleRepository(store, 'spent-proofs', {
      limit: 1,
      windowMs: 10 * 60_000,
      lockMs: 10 * 60_000,
    }),
    /** The e-mails sign-up and forgot-password send to one address: 5 in an hour, then none (the same answer). */
    accountMailsByEmail: throttleRepository(store, 'account-mails-email', {
      limit: 5,
      windowMs: 4 * FIFTEEN_MINUTES,
      lockMs: 4 * FIFTEEN_MINUTES,
    }),
    /** Unlock and password change besides their pair and address: 500 failures in all in 15 minutes pause them for a minute (sign-in itself is never paused for all). */
    passwordChecksInAll: throttleRepository(store, 'password-checks-all', {
      limit: 500,
      windowMs: FIFTEEN_MINUTES,
      lockMs: 60 * 1000,
    }),
  }
}

export type Repositories = ReturnType<typeof createRepositories>
