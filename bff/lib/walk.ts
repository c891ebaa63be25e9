/**
 * The rows in [begin, end) among those that match, walking rows already in order (forwards,
 * or backwards for the other direction) and stopping once the page is full.
 */
export function pageOf<R>(
  ordered: R[],
  backwards: boolean,
  matches: (row: R) => boolean,
  begin: number,
  end: number,
): R[] {
  const page: R[] = []
  let seen = 0
  const n = ordered.length
  for (let i = 0; i < n && seen < end; i++) {
    const row = ordered[backwards ? n - 1 - i : i]
    if (!matches(row)) continue
    if (seen >= begin) page.push(row)
    seen++
  }
  return page
}

/** How many rows match. */
export function countOf<R>(rows: Iterable<R>, matches: (row: R) => boolean): number {
  let n = 0
  for (const row of rows) if (matches(row)) n++
  return n
}
