import { addDays } from '../../domain/dates.ts'
import { OfxError, readOfx } from '../../domain/ofx.ts'
import { TRANSFERS, type AccountRecord, type TransferRecord } from '../../domain/schemas/accounts.ts'
import {
  RECONCILIATIONS,
  STATEMENTS,
  statementRowOf,
  type LineMatch,
  type StatementLine,
  type StatementRecord,
  type StatementRow,
} from '../../domain/schemas/statements.ts'
import { ConflictError } from '../../storage/errors.ts'
import { joinBytes } from '../../storage/repositories/files.ts'
import { sha256Hex, uuidFromHex } from './base64.ts'
import type { Deps } from './deps.ts'
import { apiError, notFound, ruleError } from './errors.ts'
import { invoiceStore } from './invoice-store.ts'
import { invoicing } from './invoicing.ts'
import { insertPayable, newPayable, payableStore } from './payable-store.ts'
import type { Caller } from './resource.ts'

/** How many days apart a statement's line and a recorded movement may be and still match (a bank's clearing). */
export const MATCH_DAYS = 3

/**
 * What an account's statements have taken, kept in one record per account so that two imports or
 * two confirmations at once agree: each FITID imported (and the statement it came in), each
 * movement a line is matched to (and the line), each line being recorded (and the invoice).
 */
type Reconciliation = {
  id: string
  fitIds: Record<string, string>
  targets: Record<string, string>
  recording: Record<string, string>
}

/** A recorded movement a line may match: signed as the bank sees it (in above 0). */
type Candidate = LineMatch & { amount: number }

const targetKey = (m: Pick<LineMatch, 'kind' | 'id'>) => `${m.kind}:${m.id}`
const lineKey = (statementId: string, n: number) => `${statementId}:${n}`
const daysApart = (a: string, b: string) =>
  Math.abs(Date.parse(`${a}T00:00:00Z`) - Date.parse(`${b}T00:00:00Z`)) / 86_400_000

/** The statement's summary the list keeps in memory: everything but its lines. */
type StatementSummary = Omit<StatementRecord, 'lines'> & { lineCount: number }

/**
 * Bank statements (docs/domain.md cd_contas "Bank statement"): an OFX file of an account read into
 * lines, each matched to what the company recorded — a payment into the account, a payable paid or
 * a transfer from it, of the same amount within MATCH_DAYS — for a person to confirm, or recorded
 * as a payment or a bill. Each line is taken once: a FITID imported before is `known`, a movement
 * matches one line, a line becomes one payment or one bill (its id follows from the line's).
 */
export function statements(deps: Deps) {
  const store = (empresa: number) =>
    deps.repos.indexed<StatementRecord, StatementSummary>(
      empresa,
      STATEMENTS,
      ({ lines, ...summary }) => ({ ...summary, lineCount: lines.length }),
      'list',
    )
  const reconciliations = (empresa: number) => deps.repos.collection<Reconciliation>(empresa, RECONCILIATIONS)

  /** The account's reconciliation changed by `fn` atomically, made the first time. */
  async function reconcile(empresa: number, accountId: string, fn: (r: Reconciliation) => Reconciliation) {
    const records = reconciliations(empresa)
    if (!(await records.get(accountId)))
      await records
        .put({ id: accountId, fitIds: {}, targets: {}, recording: {} }, { expectVersion: 0 })
        .catch((error: unknown) => {
          if (!(error instanceof ConflictError)) throw error
        })
    return (await records.update(accountId, fn))!.value
  }

  /** What was recorded in or out of the account between `from` and `to` (days), as the bank would show it. */
  async function candidates(empresa: number, account: AccountRecord, from: string, to: string): Promise<Candidate[]> {
    const [first, last] = [addDays(from, -MATCH_DAYS), addDays(to, MATCH_DAYS)]
    const within = (date: string) => date >= first && date <= last
    const mine = (accountId: string | null | undefined) => accountId === account.id || !accountId
    const found: Candidate[] = []
    const invoices = invoiceStore(deps, empresa)
    const paidSince = [...(await invoices.rows()).values()].filter(
      (r) => r.lastPaymentDate !== null && r.lastPaymentDate >= first,
    )
    for (const invoice of await invoices.getMany(paidSince.map((r) => r.id)))
      for (const p of invoice.payments)
        if (!p.reversed && mine(p.accountId) && within(p.date))
          found.push({
            kind: 'payment',
            id: p.id,
            invoiceId: invoice.id,
            label: `${invoice.number} · ${invoice.clientName}`,
            date: p.date,
            amount: p.amount,
          })
    const payables = payableStore(deps, empresa)
    const paid = [...(await payables.rows()).values()].filter((r) => r.status === 'paid')
    for (const bill of await payables.getMany(paid.map((r) => r.id)))
      if (bill.paid && mine(bill.paid.accountId) && within(bill.paid.date))
        found.push({
          kind: 'payable',
          id: bill.id,
          invoiceId: null,
          label: `${bill.number} · ${bill.supplier}`,
          date: bill.paid.date,
          amount: -bill.amount,
        })
    const names = new Map(
      [...(await deps.repos.collection<AccountRecord>(empresa, 'accounts').rows()).values()].map((a) => [a.id, a.name]),
    )
    for (const t of (await deps.repos.collection<TransferRecord>(empresa, TRANSFERS).rows()).values())
      if ((t.fromId === account.id || t.toId === account.id) && within(t.date)) {
        const out = t.fromId === account.id
        found.push({
          kind: 'transfer',
          id: t.id,
          invoiceId: null,
          label: names.get(out ? t.toId : t.fromId) ?? '',
          date: t.date,
          amount: out ? -t.amount : t.amount,
        })
      }
    return found
  }

  /** The statement `id` of `account`, or 404. */
  async function statementOf(empresa: number, account: AccountRecord, id: string) {
    const hit = await store(empresa).get(id)
    if (!hit || hit.value.accountId !== account.id) throw notFound('Statement')
    return hit.value
  }

  /** Line `n` of the statement changed by `fn` atomically; answers the statement. */
  async function changeLine(
    empresa: number,
    statement: StatementRecord,
    n: number,
    fn: (line: StatementLine) => StatementLine,
  ): Promise<StatementRow> {
    const saved = await store(empresa).update(statement.id, (s) => ({
      ...s,
      lines: s.lines.map((line) => (line.n === n ? fn(line) : line)),
    }))
    return statementRowOf(saved!.value)
  }

  const lineOf = (statement: StatementRecord, n: number) => {
    const line = statement.lines.find((l) => l.n === n)
    if (!line) throw notFound('Statement line')
    return line
  }

  /** The id a line's payment or bill gets: the same for every try, so it is made once. */
  const madeId = async (statementId: string, n: number) =>
    uuidFromHex(await sha256Hex(`statement line\n${statementId}\n${n}`))

  return {
    /** The account's statements, the latest first. */
    async list(empresa: number, account: AccountRecord) {
      const rows = [...(await store(empresa).rows()).values()].filter((s) => s.accountId === account.id)
      const full = await store(empresa).getMany(rows.sort((a, b) => b.at.localeCompare(a.at)).map((s) => s.id))
      return full.map(statementRowOf)
    },

    read: async (empresa: number, account: AccountRecord, id: string) =>
      statementRowOf(await statementOf(empresa, account, id)),

    /**
     * An OFX file read into a statement of the account: each line `known` (its FITID came before),
     * `duplicate` (earlier in this file), `suggested` with the closest movement of its amount not
     * matched yet, or `unmatched`. Its FITIDs are taken before it is stored, so two imports of one
     * file at once leave one statement with the lines and one with them `known`.
     */
    async import(who: Caller, account: AccountRecord, file: { name: string; chunks: Uint8Array[] }) {
      const { empresa } = who.tenant
      let read
      try {
        read = readOfx(joinBytes(file.chunks))
      } catch (error) {
        if (error instanceof OfxError)
          throw apiError(
            400,
            error.message,
            { file: [error.message] },
            { code: error.code, codes: { file: error.code } },
          )
        throw error
      }
      // run again after a crash lost its answer: the statement it made has the same id
      const id = who.newId()
      const earlier = await store(empresa).get(id)
      if (earlier) return statementRowOf(earlier.value)
      const days = read.lines.map((l) => l.date).sort()
      const [from, to] = [days[0], days[days.length - 1]]
      const found = await candidates(empresa, account, from, to)
      const existing = new Set((await store(empresa).rows()).keys())
      let lines: StatementLine[] = []
      await reconcile(empresa, account.id, (r) => {
        const fitIds = { ...r.fitIds }
        const taken = new Set(Object.keys(r.targets))
        const seen = new Set<string>()
        lines = read.lines.map((l, i) => {
          const base = { n: i + 1, ...l, match: null }
          if (l.fitId && seen.has(l.fitId)) return { ...base, status: 'duplicate' }
          if (l.fitId) seen.add(l.fitId)
          // a FITID of a statement that was never stored (a crash between the two writes) is free again
          if (l.fitId && fitIds[l.fitId] && existing.has(fitIds[l.fitId])) return { ...base, status: 'known' }
          if (l.fitId) fitIds[l.fitId] = id
          const best = found
            .filter((c) => c.amount === l.amount && !taken.has(targetKey(c)) && daysApart(c.date, l.date) <= MATCH_DAYS)
            .sort((a, b) => daysApart(a.date, l.date) - daysApart(b.date, l.date))[0]
          if (!best) return { ...base, status: 'unmatched' }
          taken.add(targetKey(best))
          const { amount: _amount, ...match } = best
          return { ...base, status: 'suggested', match }
        })
        return { ...r, fitIds }
      })
      const company = await deps.repos.companies.find(empresa)
      const statement: StatementRecord = {
        id,
        accountId: account.id,
        fileName: file.name.slice(0, 200),
        bankAccount: read.bankAccount,
        currency: company?.CURRENCY ?? account.currency,
        from,
        to,
        lines,
        by: who.user.name,
        at: new Date(deps.now()).toISOString(),
      }
      return statementRowOf((await store(empresa).put(statement)).value)
    },

    /** A suggested match confirmed: the movement is this line's (409 `statement_match_taken` when another line has it). */
    async confirm(who: Caller, account: AccountRecord, id: string, n: number) {
      const { empresa } = who.tenant
      const statement = await statementOf(empresa, account, id)
      const line = lineOf(statement, n)
      if (line.status === 'matched') return statementRowOf(statement)
      if (line.status !== 'suggested' || !line.match) throw ruleError(409, 'statement_line_done')
      const target = targetKey(line.match)
      await reconcile(empresa, account.id, (r) => {
        const holder = r.targets[target]
        if (holder && holder !== lineKey(id, n)) throw ruleError(409, 'statement_match_taken')
        return { ...r, targets: { ...r.targets, [target]: lineKey(id, n) } }
      })
      return changeLine(empresa, statement, n, (l) => ({ ...l, status: 'matched' }))
    },

    /** A line that went out, recorded as a bill paid that day from the account (a bill of the caller's branch). */
    async recordPayable(
      who: Caller,
      account: AccountRecord,
      id: string,
      n: number,
      input: { supplier: string; category: string },
    ) {
      const { empresa } = who.tenant
      const statement = await statementOf(empresa, account, id)
      const line = lineOf(statement, n)
      if (line.status === 'recorded' && line.match?.kind === 'payable') return statementRowOf(statement)
      if (line.status !== 'unmatched' && line.status !== 'suggested') throw ruleError(409, 'statement_line_done')
      if (line.amount >= 0) throw ruleError(409, 'statement_wrong_side')
      const payableId = await madeId(id, n)
      const bill = await newPayable(who, payableId, {
        ...input,
        description: line.memo,
        amount: -line.amount,
        dueDate: line.date,
        repeat: 'none',
      })
      const paid = {
        ...bill,
        status: 'paid' as const,
        paid: { date: line.date, accountId: account.id, by: who.user.name, at: bill.createdAt },
      }
      const made = await insertPayable(deps, empresa, paid).then(
        (saved) => saved.value,
        async (error: unknown) => {
          // made by an earlier try of this line: it is there once
          if (!(error instanceof ConflictError)) throw error
          return (await payableStore(deps, empresa).get(payableId))!.value
        },
      )
      const match: LineMatch = {
        kind: 'payable',
        id: made.id,
        invoiceId: null,
        label: `${made.number} · ${made.supplier}`,
        date: line.date,
      }
      await reconcile(empresa, account.id, (r) => ({
        ...r,
        targets: { ...r.targets, [targetKey(match)]: lineKey(id, n) },
      }))
      return changeLine(empresa, statement, n, (l) => ({ ...l, status: 'recorded', match }))
    },

    /**
     * A line that came in, recorded as a payment (by transfer, its FITID the reference) of an issued
     * invoice that day into the account. The line is first held for that invoice: a try for another
     * invoice after a crash finds whether the first one's payment landed, so it is paid once.
     */
    async recordPayment(who: Caller, account: AccountRecord, id: string, n: number, invoiceId: string) {
      const { empresa } = who.tenant
      const statement = await statementOf(empresa, account, id)
      const line = lineOf(statement, n)
      if (line.status === 'recorded' && line.match?.kind === 'payment') return statementRowOf(statement)
      if (line.status !== 'unmatched' && line.status !== 'suggested') throw ruleError(409, 'statement_line_done')
      if (line.amount <= 0) throw ruleError(409, 'statement_wrong_side')
      const paymentId = await madeId(id, n)
      const key = lineKey(id, n)
      const invoices = invoiceStore(deps, empresa)
      const held = (await reconciliations(empresa).get(account.id))?.value.recording[key]
      const landedOn =
        held && held !== invoiceId && (await invoices.get(held))?.value.payments.some((p) => p.id === paymentId)
          ? held
          : invoiceId
      await reconcile(empresa, account.id, (r) => ({ ...r, recording: { ...r.recording, [key]: landedOn } }))
      const saved = await invoicing(deps).pay(
        { ...who, newId: () => paymentId },
        landedOn,
        {
          amount: line.amount,
          method: 'transfer',
          date: line.date,
          accountId: account.id,
          reference: line.fitId.slice(0, 120),
          note: line.memo,
        },
        undefined,
      )
      const match: LineMatch = {
        kind: 'payment',
        id: paymentId,
        invoiceId: saved.value.id,
        label: `${saved.value.number} · ${saved.value.clientName}`,
        date: line.date,
      }
      await reconcile(empresa, account.id, (r) => ({ ...r, targets: { ...r.targets, [targetKey(match)]: key } }))
      return changeLine(empresa, statement, n, (l) => ({ ...l, status: 'recorded', match }))
    },
  }
}
