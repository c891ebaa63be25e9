import { utf8OrWindows1252 } from './bytes.ts'
import { isIsoDate } from './dates.ts'

/** The most transactions one statement file may hold (a busy account's year). */
export const MAX_STATEMENT_LINES = 5000

/** One transaction of a bank statement: its bank's id (FITID), day, signed amount in cents and text. */
export type OfxLine = { fitId: string; date: string; amount: number; memo: string }

export type OfxStatement = {
  /** The statement's currency (CURDEF), when it names one. */
  currency: string | null
  /** The bank's account number (ACCTID), when it names one. */
  bankAccount: string | null
  lines: OfxLine[]
}

/** Why a file is not a statement this reader takes: the code of the refusal (domain/messages.ts). */
export class OfxError extends Error {
  readonly code: OfxRefusal
  constructor(code: OfxRefusal, detail: string) {
    super(detail)
    this.code = code
  }
}
type OfxRefusal = 'statement_not_ofx' | 'statement_empty' | 'statement_too_long' | 'statement_invalid'

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' }

/** A value's text with its character references read (`&amp;`, `&#233;`). */
const unescape = (value: string) =>
  value.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,5});/gi, (whole, name: string) => {
    if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? whole
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10)
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole
  })

/** An OFX amount (`-3500.00`, `1250,5`, `+12`) in integer cents, or null when it is none. */
function cents(value: string): number | null {
  const match = /^([+-]?)(\d{1,12})(?:[.,](\d{1,2}))?$/.exec(value.trim())
  if (!match) return null
  const amount = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'))
  return match[1] === '-' ? -amount : amount
}

/** An OFX date-time (`20261110120000[-3:BRT]`) as the bank's day, or null. */
function day(value: string): string | null {
  const match = /^(\d{4})(\d{2})(\d{2})/.exec(value.trim())
  const date = match ? `${match[1]}-${match[2]}-${match[3]}` : ''
  return isIsoDate(date) ? date : null
}

/**
 * A bank statement read from an OFX file, SGML (OFX 1, closing tags left out) or XML (OFX 2):
 * its bank transactions (`STMTTRN`, of a bank or a card account) with their FITID, day, amount and
 * text (MEMO, else NAME). One pass over the tags, so a file of any shape takes time in proportion
 * to its size (no backtracking expression, no JSON made of the file's text). Refused (OfxError):
 * a file with no `<OFX>`, none or more than MAX_STATEMENT_LINES transactions, or one without a
 * valid day or amount.
 */
export function readOfx(bytes: Uint8Array): OfxStatement {
  // UTF-8 (OFX 2 files, and banks that say CHARSET:1252 but send UTF-8), else Windows-1252 (OFX 1 from Brazilian and Mexican banks)
  const text = utf8OrWindows1252(bytes)
  const start = text.search(/<OFX>/i)
  if (start < 0) throw new OfxError('statement_not_ofx', 'The file is not an OFX statement: it has no <OFX> element')
  const statement: OfxStatement = { currency: null, bankAccount: null, lines: [] }
  let current: Record<string, string> | null = null
  const finish = () => {
    if (!current) return
    const n = statement.lines.length + 1
    const [date, amount] = [day(current.DTPOSTED ?? ''), cents(current.TRNAMT ?? '')]
    if (!date || amount === null)
      throw new OfxError(
        'statement_invalid',
        `Transaction ${n} (${current.FITID ?? 'no FITID'}) has no valid ${date ? 'amount' : 'date'}`,
      )
    if (n > MAX_STATEMENT_LINES)
      throw new OfxError('statement_too_long', `The file holds more than ${MAX_STATEMENT_LINES} transactions`)
    const memo = (current.MEMO || current.NAME || '').replace(/\s+/g, ' ').trim().slice(0, 200)
    statement.lines.push({ fitId: (current.FITID ?? '').trim().slice(0, 255), date, amount, memo })
    current = null
  }
  const tag = /<(\/?)([A-Za-z0-9_.]{1,64})>([^<]*)/g
  tag.lastIndex = start
  for (let hit = tag.exec(text); hit; hit = tag.exec(text)) {
    const [, closing, rawName, rawValue] = hit
    const name = rawName.toUpperCase()
    if (name === 'STMTTRN') {
      finish()
      if (!closing) current = Object.create(null) as Record<string, string>
      continue
    }
    // the transaction list ended without its last transaction's closing tag
    if (closing && name === 'BANKTRANLIST') finish()
    if (closing) continue
    const value = unescape(rawValue.trim())
    if (!value) continue
    if (current) current[name] = value
    else if (name === 'CURDEF') statement.currency = value.slice(0, 3).toUpperCase()
    else if (name === 'ACCTID') statement.bankAccount = value.slice(0, 40)
  }
  finish()
  if (!statement.lines.length) throw new OfxError('statement_empty', 'The file holds no bank transaction')
  return statement
}
