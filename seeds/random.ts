/** A seeded pseudo-random generator (mulberry32): the same seed gives the same demo data. */
export function seeded(seed: number) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
    /** A GUID-shaped id that is the same on every run. */
    uuid: () => {
      const hex = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16)).join('')
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${'89ab'[Math.floor(next() * 4)]}${hex.slice(17, 20)}-${hex.slice(20, 32)}`
    },
  }
}

/** Seed dates are fixed (the demo's "now" is this instant), so every run gives the same data. */
export const SEED_NOW = Date.parse('2026-11-01T12:00:00.000Z')
export const hoursAgo = (h: number) => new Date(SEED_NOW - h * 3_600_000).toISOString()
