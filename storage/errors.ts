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

/**
 * The storage did not answer (down, frozen, unreachable) within its bound. The API answers 503
 * with Retry-After (docs/api.md §3); the store recovers by itself when the storage is back.
 */
export class StorageUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`The storage is not answering: ${cause instanceof Error ? cause.message : String(cause)}`, { cause })
    this.name = 'StorageUnavailableError'
  }
}
