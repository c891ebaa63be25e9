/** The kinds of numbered documents (docs/domain.md): quotes, service orders, invoices. */
export type DocumentKind = 'ORC' | 'OS' | 'FAT' | 'CP'

/**
 * A document's number (docs/domain.md): its kind, the branch's prefix, the year and six digits —
 * `OS-SAO-2026-000123` — so two branches never show the same number.
 */
export const documentNumber = (kind: DocumentKind, prefix: string, year: string, n: number) =>
  `${kind}-${prefix ? `${prefix}-` : ''}${year}-${String(n).padStart(6, '0')}`

/** The series a branch's documents of a kind take their numbers from in a year. */
export const seriesName = (kind: DocumentKind, filial: number, year: string) => `${kind}-${filial}-${year}`
