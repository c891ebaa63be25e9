export type Pagination = {
  length: number
  size: number
  page: number
  lastPage: number
  startIndex: number
  endIndex: number
}

/** The spec's pagination fields (product list); here `page` counts from 1. */
export function paginate<T>(rows: T[], page: number, size: number): { items: T[]; pagination: Pagination } {
  const pagination = pageOf(rows.length, page, size)
  return { items: rows.slice(pagination.startIndex, pagination.startIndex + size), pagination }
}

/** The pagination of one page of `length` rows (the last page when `page` is past it). */
export function pageOf(length: number, page: number, size: number): Pagination {
  const lastPage = Math.max(Math.ceil(length / size), 1)
  const current = Math.min(page, lastPage)
  const startIndex = (current - 1) * size
  return { length, size, page: current, lastPage, startIndex, endIndex: Math.min(startIndex + size, length) - 1 }
}

/** The collator `sortBy` uses for a locale (one per locale, kept). */
export function collatorFor(locale: string): Intl.Collator {
  let collator = collators.get(locale)
  if (!collator) collators.set(locale, (collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true })))
  return collator
}

const collators = new Map<string, Intl.Collator>()

/** Sorts by one field: numbers numerically, text with the locale's collation, case-insensitive. */
export function sortBy<T>(rows: T[], field: keyof T, order: 'asc' | 'desc', locale = 'en'): T[] {
  // Making a collator costs more than sorting a page of rows: one per locale, kept.
  const collator = collatorFor(locale)
  const sign = order === 'asc' ? 1 : -1
  return [...rows].sort((a, b) => {
    const x = a[field]
    const y = b[field]
    if (typeof x === 'number' && typeof y === 'number') return sign * (x - y)
    return sign * collator.compare(String(x ?? ''), String(y ?? ''))
  })
}
