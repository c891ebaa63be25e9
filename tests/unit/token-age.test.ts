import { describe, expect, it } from 'vitest'
import { needsRefresh, tokenExpiry } from '../../app/lib/token-age.ts'

const token = (payload: object) => `e30.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.sig`

describe('renewing a session token close to its expiry', () => {
  const now = 1_800_000_000
  it('reads the expiry of a token and refuses garbage', () => {
    expect(tokenExpiry(token({ exp: now }))).toBe(now)
    expect(tokenExpiry('not-a-token')).toBeNull()
    expect(tokenExpiry('a.%%%.c')).toBeNull()
  })
  it('renews only a token that is still valid and has less than a day left', () => {
    expect(needsRefresh(token({ exp: now + 7 * 86_400 }), now)).toBe(false)
    expect(needsRefresh(token({ exp: now + 3_600 }), now)).toBe(true)
    expect(needsRefresh(token({ exp: now - 1 }), now)).toBe(false)
    expect(needsRefresh(undefined, now)).toBe(false)
  })
})
