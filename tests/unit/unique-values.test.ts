import { describe, expect, it } from 'vitest'
import { CLAIM_GRACE_MS, uniqueValues } from '../../storage/repositories/unique-values.ts'
import { testStore } from '../shared/bff.ts'

// storage/repositories/unique-values.ts: a value one record holds alone, and a claim left behind by a crash
describe('unique values', () => {
  it('gives a value to one claimant, frees it on release, and takes over a claim its record never came for', async () => {
    let now = 1_000_000
    const values = uniqueValues(await testStore(), 1, 'clients', 'taxId', () => now)
    const stored = new Map<string, string>()
    const holds = async (id: string) => (stored.has(id) ? stored.get(id) === '123' : null)

    expect(await values.claim('123', 'a', holds)).toBe(true)
    // a's record is not written yet: a create in flight, not a stale claim
    expect(await values.claim('123', 'b', holds)).toBe(false)
    expect(await values.claim('123', 'a', holds)).toBe(true)
    // a crashed before writing: after the grace its claim is taken over
    now += CLAIM_GRACE_MS + 1
    expect(await values.claim('123', 'b', holds)).toBe(true)
    stored.set('b', '123')
    expect(await values.claim('123', 'c', holds)).toBe(false)
    // b changed its value and crashed before releasing: the claim is stale at once
    stored.set('b', '456')
    expect(await values.claim('123', 'c', holds)).toBe(true)
    await values.release('123', 'b')
    expect(await values.claim('123', 'd', holds)).toBe(false)
    await values.release('123', 'c')
    expect(await values.claim('123', 'd', holds)).toBe(true)
  })
})
