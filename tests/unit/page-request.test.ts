import { describe, expect, it } from 'vitest'
import { PAGE_REQUEST, type PageRequestMemo } from '../../bff/lib/page-request.ts'
import { keys } from '../../storage/keys.ts'
import type { Store } from '../../storage/store.ts'
import { DEMO_ADMIN } from '../../seeds/tenancy.ts'
import { testBff, testStore } from '../shared/bff.ts'

/** The real store, with the reads of the records a caller is worked out from counted by key. */
function countingStore(store: Store) {
  const reads = new Map<string, number>()
  const counted: Store = {
    ...store,
    get(key) {
      reads.set(key, (reads.get(key) ?? 0) + 1)
      return store.get(key)
    },
  }
  return { store: counted, reads: (key: string) => reads.get(key) ?? 0, reset: () => reads.clear() }
}

// docs/shell.md §3: a page's loaders call the BFF in process; the page request works out its caller once (page-request.ts)
describe('a page request works out its caller once for all its calls', async () => {
  const counting = countingStore(await testStore())
  const bff = await testBff({ store: counting.store })
  const token = await bff.signIn()
  const sessionId = (JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))) as { sid: string }).sid
  const headers = { authorization: `Bearer ${token}`, 'x-empresa': '1', 'x-filial': '1' }
  const branchKey = keys.branch(1, 1)
  const adminId = (await bff.deps.repos.users.findByEmail(DEMO_ADMIN.email))!.value.id
  const overridesKey = keys.companyRecord(1, 'user-pages', adminId)
  // three reads a list page makes: the frame, the page's level, the list
  const calls = (env?: object) =>
    Promise.all(
      ['/common/shell', '/ac_paginas/mine?module=cd_cotacao', '/cd_cotacao?page=1&size=10'].map(async (path) => {
        const res = await bff.api.request(path, { headers }, env)
        expect(res.status, path).toBe(200)
      }),
    )

  it('in process: the session, the branch and the page levels are read once', async () => {
    counting.reset()
    const memo: PageRequestMemo = new Map()
    await calls({ [PAGE_REQUEST]: memo })
    expect(counting.reads(keys.session(sessionId))).toBe(1)
    expect(counting.reads(branchKey)).toBe(1)
    expect(counting.reads(overridesKey)).toBe(1)
  })

  it("an API client's calls (no page request) are each checked", async () => {
    counting.reset()
    await calls()
    expect(counting.reads(keys.session(sessionId))).toBe(3)
    expect(counting.reads(overridesKey)).toBeGreaterThanOrEqual(2)
  })

  it('a refusal is answered to each call that meets it, in parallel too (an error answer is read once)', async () => {
    const memo: PageRequestMemo = new Map()
    const elsewhere = { ...headers, 'x-empresa': '999' }
    const answers = await Promise.all(
      ['/common/shell', '/cd_cotacao?page=1&size=10', '/cd_cliente?page=1&size=10', '/cd_cotacao?page=1&size=10'].map(
        (path) => bff.api.request(path, { headers: elsewhere }, { [PAGE_REQUEST]: memo }),
      ),
    )
    for (const res of answers) {
      expect(res.status).toBe(403)
      expect(JSON.stringify(await res.json())).toContain('You do not have access to this company or branch')
    }
  })

  it("what one page request worked out is not another's: a session ended since is refused", async () => {
    const memo: PageRequestMemo = new Map()
    await calls({ [PAGE_REQUEST]: memo })
    const out = await bff.api.request('/auth/sign-out', { method: 'POST', headers })
    expect(out.status).toBeLessThan(300)
    const next = await bff.api.request('/common/shell', { headers }, { [PAGE_REQUEST]: new Map() })
    expect(next.status).toBe(401)
  })
})
