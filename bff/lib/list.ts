export type Pagination = { length: number; size: number; page: number; lastPage: number; startIndex: number; endIndex: number }

/** The spec's pagination fields (product list); here `page` counts from 1. */
export function paginate<T>(rows: T[], page: number, size: number): { items: T[]; pagination: Pagination } {
  const length = rows.length
  const lastPage = Math.max(Math.ceil(length / size), 1)
  const current = Math.min(page, lastPage)
  const startIndex = (current - 1) * size
  const endIndex = Math.min(startIndex + size, length) - 1
  return { items: rows.slice(startIndex, startIndex + size), pagination: { length, size, page: current, lastPage, startIndex, endIndex } }
}

const collators = new Map<string, Intl.Collator>()

/** Sorts by one field: numbers numerically, text with the locale's collation, case-insensitive. */
export function sortBy<T>(rows: T[], field: keyof T, order: 'asc' | 'desc', locale = 'en'): T[] {
  // Making a collator costs more than sorting a page of rows: one per locale, kept.
  let collator = collators.get(locale)
  if (!collator) collators.set(locale, (collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true })))
  const sign = order === 'asc' ? 1 : -1
  return [...rows].sort((a, b) => {
    const x = a[field]
    const y = b[field]
    if (typeof x === 'number' && typeof y === 'number') return sign * (x - y)
    return sign * collator.compare(String(x ?? ''), String(y ?? ''))
  })
}
