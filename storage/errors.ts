/** A write named a version that is no longer the stored one. The API answers 412. */
export class ConflictError extends Error {
  readonly key: string
  readonly expected: number
  readonly actual: number
  constructor(key: string, expected: number, actual: number) {
    super(`Stale write to ${key}: expected version ${expected}, found ${actual}`)
    this.name = 'ConflictError'
    this.key = key
    this.expected = expected
    this.actual = actual
  }
}
