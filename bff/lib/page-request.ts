/**
 * What one page request's in-process BFF calls share: the caller worked out once (the session,
 * the company and branch, the page levels) instead of once per call. Only those calls can carry
 * it: it travels in the request's env, which for a request from outside is the runtime's own. A
 * write clears it (it may change what was worked out): the calls after it work it out again.
 * Nothing here outlives the page request.
 */
export const PAGE_REQUEST = Symbol('what a page request worked out for its in-process calls')
export type PageRequestMemo = Map<string, Promise<unknown>>

const memoOf = (env: unknown): PageRequestMemo | undefined =>
  env !== null && typeof env === 'object'
    ? ((env as Record<symbol, unknown>)[PAGE_REQUEST] as PageRequestMemo | undefined)
    : undefined

/** Whether a call is one of a page request's in-process calls (not an API client's). */
export const fromPage = (env: unknown): boolean => memoOf(env) !== undefined

/**
 * `compute()` once per page request and `key` (each time for an API client's request). A refusal
 * is not shared: each call that meets it gets its own (an error answer can be read once).
 */
export function oncePerPage<V>(env: unknown, key: string, compute: () => Promise<V>): Promise<V> {
  const memo = memoOf(env)
  if (!memo) return compute()
  const known = memo.get(key) as Promise<V> | undefined
  // a call that shares a refusal works it out again, for an error of its own
  if (known) return known.catch(() => compute())
  const made = compute()
  memo.set(key, made)
  made.catch(() => {
    if (memo.get(key) === made) memo.delete(key)
  })
  return made
}
