import { z } from 'zod'
import { CURRENCIES } from '../money.ts'
import { streamedFile } from './files.ts'
import { optionalText, text } from './fields.ts'

/** Where a company's imported bank statements are stored, and each account's reconciliation. */
export const STATEMENTS = 'statements'
export const RECONCILIATIONS = 'reconciliations'

/**
 * What became of a statement's line (docs/domain.md cd_contas "Bank statement"): `suggested`, a
 * recorded movement of the same amount within a few days to confirm; `matched`, confirmed;
 * `unmatched`, none found (it may become a payment or a bill); `recorded`, it became one;
 * `known`, its FITID came in an earlier statement of the account; `duplicate`, its FITID came
 * earlier in the same file.
 */
export const LINE_STATUSES = ['suggested', 'matched', 'unmatched', 'recorded', 'known', 'duplicate'] as const
export type LineStatus = (typeof LINE_STATUSES)[number]

/**
 * What a line is matched to: a payment of an invoice, a deposit paid on a quote, a payable paid, a
 * transfer between accounts.
 */
export const MATCH_KINDS = ['payment', 'deposit', 'payable', 'transfer'] as const

export const lineMatch = z.object({
  kind: z.enum(MATCH_KINDS),
  id: z.string().meta({ description: 'The payment’s, deposit payment’s, payable’s or transfer’s id' }),
  invoiceId: z.string().nullable().meta({ description: 'A payment’s invoice' }),
  quoteId: z.string().nullable().meta({ description: 'A deposit’s quote' }),
  label: z.string().meta({ description: 'What it is, as a person reads it: the invoice and client, the supplier …' }),
  date: z.string(),
})
export type LineMatch = z.output<typeof lineMatch>
/**
 * A match as stored: with the branch of its invoice, quote or payable (null: a transfer), whose
 * readers alone see its label (matches stored before deposits have no quoteId).
 */
export type StoredMatch = Omit<LineMatch, 'quoteId'> & { quoteId?: string | null; filial: number | null }

export const statementLine = z.object({
  n: z.number().int().meta({ description: 'Its place in the file, from 1' }),
  fitId: z.string().meta({ description: 'The bank’s id of the transaction (FITID)' }),
  date: z.string(),
  amount: z.number().int().meta({ description: 'In cents: above 0 came in, below 0 went out' }),
  memo: z.string(),
  status: z.enum(LINE_STATUSES),
  match: lineMatch.nullable(),
})
export type StatementLine = z.output<typeof statementLine>

export type StatementRecord = {
  id: string
  accountId: string
  fileName: string
  bankAccount: string | null
  currency: (typeof CURRENCIES)[number]
  from: string
  to: string
  lines: Array<Omit<StatementLine, 'match'> & { match: StoredMatch | null }>
  by: string
  at: string
}

export const statementRow = z.object({
  id: z.string(),
  accountId: z.string(),
  fileName: z.string(),
  bankAccount: z.string().nullable().meta({ description: 'The bank’s account number the file names (ACCTID)' }),
  currency: z.enum(CURRENCIES),
  from: z.string().meta({ description: 'Its first transaction’s day' }),
  to: z.string().meta({ description: 'Its last transaction’s day' }),
  by: z.string(),
  at: z.string(),
  counts: z
    .object(
      Object.fromEntries(LINE_STATUSES.map((status) => [status, z.number().int()])) as Record<LineStatus, z.ZodNumber>,
    )
    .meta({ description: 'How many of its lines are in each status' }),
  toReview: z.number().int().meta({ description: 'Its lines still to go through: suggested or unmatched' }),
  lines: z.array(statementLine),
})
export type StatementRow = z.output<typeof statementRow>

/** A statement as its list shows it: without its lines. */
export const statementSummary = statementRow.omit({ lines: true })

/** How many of a statement's lines are in each status, and how many are still to go through. */
export function statementCounts(lines: Array<Pick<StatementLine, 'status'>>) {
  const counts = Object.fromEntries(LINE_STATUSES.map((status) => [status, 0])) as Record<LineStatus, number>
  for (const line of lines) counts[line.status]++
  return { counts, toReview: counts.suggested + counts.unmatched }
}

/**
 * A stored statement as a reader gets it: a match's label and invoice only where `shown` says the
 * reader may read what it is (an invoice of his branches, with the invoices page ...).
 */
export const statementRowOf = (s: StatementRecord, shown: (m: StoredMatch) => boolean): StatementRow => {
  const { lines, ...rest } = s
  return {
    ...rest,
    ...statementCounts(lines),
    lines: lines.map((line) => {
      if (!line.match) return { ...line, match: null }
      const { filial: _filial, ...stored } = line.match
      const match = { ...stored, quoteId: stored.quoteId ?? null }
      return { ...line, match: shown(line.match) ? match : { ...match, invoiceId: null, quoteId: null, label: '' } }
    }),
  }
}

/** The file as the API takes it: multipart `file`, an OFX statement of at most 5 MB. */
export const statementForm = z.object({
  file: streamedFile.meta({ contentMediaType: 'application/x-ofx', description: 'The OFX file the bank exported' }),
})

/** A line that went out, recorded as a bill paid that day from the account. */
export const linePayableInput = z.object({ supplier: text(120), category: optionalText(60) }).strict()

/** A line that came in, recorded as a payment of an issued invoice on that day into the account. */
export const linePaymentInput = z.object({ invoiceId: z.uuid({ message: 'Choose an invoice' }) }).strict()
