import { atLeast, type AccessLevel } from '../../domain/access.ts'
import { addDays, dateIn, daysBetween } from '../../domain/dates.ts'
import { OfxError, readOfx, type OfxLine } from '../../domain/ofx.ts'
import { ACCOUNTS, TRANSFERS, type AccountRecord, type TransferRecord } from '../../domain/schemas/accounts.ts'
import { payableInput } from '../../domain/schemas/payables.ts'
import {
  RECONCILIATIONS,
  STATEMENTS,
  statementCounts,
  statementRowOf,
  type StatementRecord,
  type StoredMatch,
} from '../../domain/schemas/statements.ts'
import { ConflictError } from '../../storage/errors.ts'
import { joinBytes } from '../../domain/bytes.ts'
import { sha256Hex, uuidFromHex } from './base64.ts'
import type { Deps } from './deps.ts'
import { OWED_LEASE_MS } from './derived.ts'
import { apiError, notFound, ruleError } from './errors.ts'
import { invoiceStore } from './invoice-store.ts'
import { invoicing } from './invoicing.ts'
import { FORBIDDEN_PAGE, levelsFor } from './page-access.ts'
import { insertPayable, newPayable, payableStore } from './payable-store.ts'
import { quoteStore } from './quote-store.ts'
import { logActivity, type Caller } from './resource.ts'

/** How many days apart a statement's line and a recorded movement may be and still match (a bank's clearing). */
export const MATCH_DAYS = 3

/** What a line is claimed for: a suggestion confirmed, a bill, or a payment of one invoice. */
type LineClaim = { action: 'confirm' | 'payable' | 'payment'; invoiceId?: string; at: number }

/**
 * What an account's statements have taken, kept in one record per account and changed atomically,
 * so that two imports or two actions at once agree: each bank transaction imported (its key, and
 * the statement and when), each movement a line is matched to (and the line), each line claimed
 * for an action (and for which invoice).
 */
type Reconciliation = {
  id: string
  /** The bank's account number (ACCTID) of the account's statements: a file of another is refused. */
  bankAccount?: string
  fitIds: Record<string, { s: string; at: number }>
  targets: Record<string, string>
  lines: Record<string, LineClaim>
}

/** A recorded movement a line may match: signed as the bank sees it (in above 0). */
type Candidate = StoredMatch & { amount: number }

/**
 * What a line takes: a deposit's payment and its copy on the invoice it was credited to have one
 * id, and are one movement (a line matched to the copy before deposits were candidates holds it).
 */
const targetKey = (m: Pick<StoredMatch, 'kind' | 'id'>) => `${m.kind === 'deposit' ? 'payment' : m.kind}:${m.id}`
/** The page whose readers may read what a line is matched to (a transfer: every reader of the account). */
const MATCH_PAGE = { payment: 'cd_invoice', deposit: 'cd_cotacao', payable: 'cd_financeiro' } as const
/** An account number as banks write it in their own ways: its letters and digits, no leading zeros ("0012345-6" is "123456"). */
const accountNumber = (text: string) =>
  text
    .replace(/[^0-9A-Za-z]/g, '')
    .replace(/^0+/, '')
    .toUpperCase()
const lineKey = (statementId: string, n: number) => `${statementId}:${n}`

/**
 * Each line's key among the account's imports: its FITID, or for a bank that sends none, its day,
 * amount and text with how many such lines came before it in the file (two equal fees on one day
 * stay two).
 */
function transactionKeys(lines: OfxLine[]): string[] {
  const seen = new Map<string, number>()
  return lines.map((l) => {
    if (l.fitId) return `fitid:${l.fitId}`
    const same = `${l.date}|${l.amount}|${l.memo}`
    const k = (seen.get(same) ?? 0) + 1
    seen.set(same, k)
    return `line:${same}#${k}`
  })
}

/** The statement's summary the list keeps in memory: everything but its lines, with their counts. */
type StatementSummary = Omit<StatementRecord, 'lines'> & ReturnType<typeof statementCounts>

/**
 * Bank statements (docs/domain.md cd_contas "Bank statement"): an OFX file of an account read into
 * lines, each matched to what the company recorded — a payment into the account, a payable paid
 * from it or a transfer, of the same amount within MATCH_DAYS — for a person to confirm, or
 * recorded as a payment or a bill. Each line is taken once: a transaction imported before is
 * `known`, a movement matches one line, a line is claimed for one action before it is done (its
 * bill's or payment's id follows from the line's).
 */
export function statements(deps: Deps) {
  const store = (empresa: number) =>
    deps.repos.indexed<StatementRecord, StatementSummary>(
      empresa,
      STATEMENTS,
      ({ lines, ...summary }) => ({ ...summary, ...statementCounts(lines) }),
      'list',
    )
  const reconciliations = (empresa: number) => deps.repos.collection<Reconciliation>(empresa, RECONCILIATIONS)

  /** The account's reconciliation changed by `fn` atomically (it may read; it may throw to refuse), made the first time. */
  async function reconcile(
    empresa: number,
    accountId: string,
    fn: (r: Reconciliation) => Reconciliation | Promise<Reconciliation>,
  ) {
    const records = reconciliations(empresa)
    if (!(await records.get(accountId)))
      await records
        .put({ id: accountId, fitIds: {}, targets: {}, lines: {} }, { expectVersion: 0 })
        .catch((error: unknown) => {
          if (!(error instanceof ConflictError)) throw error
        })
    return (await records.update(accountId, (r) => fn({ ...r, lines: r.lines ?? {} })))!.value
  }

  /** The caller's level on each page, and whether he may read a record of `filial` on `page`. */
  async function reader(who: Caller) {
    const levels = await levelsFor(deps, who.tenant, who.user.id, who.env)
    const mayRead = (page: string, filial: number | null) =>
      atLeast(levels[page] ?? 'none', 'view') &&
      (filial === null || who.tenant.grant.filial === 'all' || who.tenant.grant.filial === filial)
    const shown = (m: StoredMatch) => m.kind === 'transfer' || mayRead(MATCH_PAGE[m.kind], m.filial)
    const needs = (page: string, level: AccessLevel) => {
      if (!atLeast(levels[page] ?? 'none', level)) throw apiError(403, FORBIDDEN_PAGE)
    }
    return { mayRead, shown, needs }
  }

  /**
   * What was recorded into or out of the account between `from` and `to` (days), as the bank would
   * show it, of what the caller may read: payments of his branches' invoices (with the invoices
   * page), deposits paid on his branches' quotes (with the quotes page), his branches' payables
   * paid (with the finance page), transfers. A deposit is its quote's payment, credited to an
   * invoice or not: its copy on the invoice is the same movement, offered as the invoice's
   * payment only to who reads the invoice and not the quote.
   */
  async function candidates(who: Caller, account: AccountRecord, from: string, to: string): Promise<Candidate[]> {
    const { empresa } = who.tenant
    const { mayRead } = await reader(who)
    const [first, last] = [addDays(from, -MATCH_DAYS), addDays(to, MATCH_DAYS)]
    const within = (date: string) => date >= first && date <= last
    const found: Candidate[] = []
    const invoices = invoiceStore(deps, empresa)
    const paidSince = [...(await invoices.rows()).values()].filter(
      (r) => r.lastPaymentDate !== null && r.lastPaymentDate >= first && mayRead('cd_invoice', r.filial),
    )
    // a void invoice's payments count nowhere (a deposit it was credited with is its quote's again)
    for (const invoice of (await invoices.getMany(paidSince.map((r) => r.id))).filter((i) => i.status !== 'void'))
      for (const p of invoice.payments)
        // a deposit's copy is offered as the deposit to who reads quotes, else as the invoice's payment (one id: one match)
        if (
          !p.reversed &&
          !(p.deposit && mayRead('cd_cotacao', invoice.filial)) &&
          p.accountId === account.id &&
          within(p.date)
        )
          found.push({
            kind: 'payment',
            id: p.id,
            invoiceId: invoice.id,
            quoteId: null,
            filial: invoice.filial,
            label: `${invoice.number} · ${invoice.clientName}`,
            date: p.date,
            amount: p.amount,
          })
    const quotes = quoteStore(deps, empresa)
    const depositedSince = [...(await quotes.rows()).values()].filter(
      // a row indexed before it kept the day (undefined) is read
      (r) => r.lastDepositDate !== null && (r.lastDepositDate ?? first) >= first && mayRead('cd_cotacao', r.filial),
    )
    for (const quote of await quotes.getMany(depositedSince.map((r) => r.id)))
      for (const p of quote.deposits ?? [])
        if (!p.reversed && p.accountId === account.id && within(p.date))
          found.push({
            kind: 'deposit',
            id: p.id,
            invoiceId: null,
            quoteId: quote.id,
            filial: quote.filial,
            label: `${quote.number} · ${quote.clientName}`,
            date: p.date,
            amount: p.amount,
          })
    const payables = payableStore(deps, empresa)
    const paid = [...(await payables.rows()).values()].filter(
      (r) => r.status === 'paid' && mayRead('cd_financeiro', r.filial),
    )
    for (const bill of await payables.getMany(paid.map((r) => r.id)))
      if (bill.paid?.accountId === account.id && within(bill.paid.date))
        found.push({
          kind: 'payable',
          id: bill.id,
          invoiceId: null,
          quoteId: null,
          filial: bill.filial,
          label: `${bill.number} · ${bill.supplier}`,
          date: bill.paid.date,
          amount: -bill.amount,
        })
    const names = new Map(
      [...(await deps.repos.collection<AccountRecord>(empresa, ACCOUNTS).rows()).values()].map((a) => [a.id, a.name]),
    )
    for (const t of (await deps.repos.collection<TransferRecord>(empresa, TRANSFERS).rows()).values())
      if ((t.fromId === account.id || t.toId === account.id) && within(t.date)) {
        const out = t.fromId === account.id
        found.push({
          kind: 'transfer',
          id: t.id,
          invoiceId: null,
          quoteId: null,
          filial: null,
          label: names.get(out ? t.toId : t.fromId) ?? '',
          date: t.date,
          amount: out ? -t.amount : t.amount,
        })
      }
    return found
  }

  /** Whether what a line was matched to still counts: the payment or deposit not reversed, the bill paid, the transfer there. */
  async function stillCounts(empresa: number, m: StoredMatch): Promise<boolean> {
    if (m.kind === 'deposit') {
      const quote = (await quoteStore(deps, empresa).get(m.quoteId ?? ''))?.value
      return Boolean(quote?.deposits?.some((p) => p.id === m.id && !p.reversed))
    }
    if (m.kind === 'payment') {
      const invoice = (await invoiceStore(deps, empresa).get(m.invoiceId ?? ''))?.value
      return Boolean(invoice && invoice.status !== 'void' && invoice.payments.some((p) => p.id === m.id && !p.reversed))
    }
    if (m.kind === 'payable') return (await payableStore(deps, empresa).get(m.id))?.value.status === 'paid'
    return Boolean(await deps.repos.collection(empresa, TRANSFERS).get(m.id))
  }

  /** The statement `id` of `account`, or 404. */
  async function statementOf(empresa: number, account: AccountRecord, id: string) {
    const hit = await store(empresa).get(id)
    if (!hit || hit.value.accountId !== account.id) throw notFound('Statement')
    return hit.value
  }

  const lineOf = (statement: StatementRecord, n: number) => {
    const line = statement.lines.find((l) => l.n === n)
    if (!line) throw notFound('Statement line')
    return line
  }

  /** The line set to `status` with `match`, unless another action got to it first; answers the statement as the caller reads it. */
  async function settleLine(
    who: Caller,
    statement: StatementRecord,
    n: number,
    status: 'matched' | 'recorded',
    match: StoredMatch,
  ) {
    const saved = await store(who.tenant.empresa).update(statement.id, (s) => ({
      ...s,
      lines: s.lines.map((line) =>
        line.n === n && (line.status === 'suggested' || line.status === 'unmatched')
          ? { ...line, status, match }
          : line,
      ),
    }))
    return statementRowOf(saved!.value, (await reader(who)).shown)
  }

  /**
   * Line `n` claimed for `claim` in the account's reconciliation: refused (409
   * `statement_line_done`) when another action has it; a payment's claim for another invoice is
   * that invoice's when its payment landed there (answered `held`), and 409 `statement_line_busy`
   * while that first try may still be running.
   */
  async function claimLine(who: Caller, account: AccountRecord, statementId: string, n: number, claim: LineClaim) {
    const key = lineKey(statementId, n)
    const paymentId = await madeId(statementId, n)
    let held: string | undefined
    await reconcile(who.tenant.empresa, account.id, async (r) => {
      const had = r.lines[key]
      held = undefined
      if (had && had.action !== claim.action) throw ruleError(409, 'statement_line_done')
      if (!had || had.action !== 'payment' || had.invoiceId === claim.invoiceId)
        return { ...r, lines: { ...r.lines, [key]: had ?? claim } }
      // held for another invoice: paid there already, or its try may still be running, or it died
      const landed = (await invoiceStore(deps, who.tenant.empresa).get(had.invoiceId!))?.value.payments.some(
        (p) => p.id === paymentId,
      )
      if (landed) {
        held = had.invoiceId
        return r
      }
      if (deps.now() - had.at < OWED_LEASE_MS) throw ruleError(409, 'statement_line_busy')
      return { ...r, lines: { ...r.lines, [key]: claim } }
    })
    return held
  }

  /**
   * Line `n`, to become a bill (money out; the finance page at edit) or a payment (money in; the
   * invoices page at edit): `done`, the statement as it is when the line became one already; 409
   * when it is matched, recorded otherwise, or of the other side.
   */
  async function lineToRecord(who: Caller, account: AccountRecord, id: string, n: number, kind: 'payable' | 'payment') {
    const statement = await statementOf(who.tenant.empresa, account, id)
    const line = lineOf(statement, n)
    const { needs, shown } = await reader(who)
    needs(kind === 'payable' ? 'cd_financeiro' : 'cd_invoice', 'edit')
    if (line.status === 'recorded' && line.match?.kind === kind)
      return { statement, line, done: statementRowOf(statement, shown) }
    if (line.status !== 'unmatched' && line.status !== 'suggested') throw ruleError(409, 'statement_line_done')
    if (kind === 'payable' ? line.amount >= 0 : line.amount <= 0) throw ruleError(409, 'statement_wrong_side')
    return { statement, line, done: null }
  }

  /** The id a line's payment or bill gets: the same for every try, so it is made once. */
  const madeId = async (statementId: string, n: number) =>
    uuidFromHex(await sha256Hex(`statement line\n${statementId}\n${n}`))

  /** The account's statements, the latest first, with their lines' counts (from the index, not the lines). */
  async function statementsOf(empresa: number, account: AccountRecord) {
    return [...(await store(empresa).rows()).values()]
      .filter((s) => s.accountId === account.id)
      .sort((a, b) => b.at.localeCompare(a.at))
  }

  return {
    /** The account's statements, the latest first, with their lines' counts (from the index, not the lines). */
    list: statementsOf,

    read: async (who: Caller, account: AccountRecord, id: string) =>
      statementRowOf(await statementOf(who.tenant.empresa, account, id), (await reader(who)).shown),

    /**
     * An OFX file read into a statement of the account: each line `known` (its transaction came in
     * before), `duplicate` (earlier in this file), `suggested` with the closest movement of its amount
     * not matched yet, or `unmatched`. Its transactions are taken in the same atomic write that
     * decides it, so two imports of one file at once leave one statement with the lines and one
     * with them `known`; one a crash stopped before its statement was stored frees them after
     * OWED_LEASE_MS.
     */
    async import(who: Caller, account: AccountRecord, file: { name: string; chunks: Uint8Array[] }) {
      const { empresa } = who.tenant
      const refuse = (code: OfxError['code'] | 'statement_currency' | 'statement_other_account', message: string) =>
        apiError(400, message, { file: [message] }, { code, codes: { file: code } })
      let read
      try {
        read = readOfx(joinBytes(file.chunks))
      } catch (error) {
        if (error instanceof OfxError) throw refuse(error.code, error.message)
        throw error
      }
      if (read.currency && read.currency !== account.currency)
        throw refuse(
          'statement_currency',
          `The statement is in ${read.currency}; the account is in ${account.currency}`,
        )
      // run again after a crash lost its answer: the statement it made has the same id
      const id = who.newId()
      const earlier = await store(empresa).get(id)
      if (earlier) return statementRowOf(earlier.value, (await reader(who)).shown)
      const days = read.lines.map((l) => l.date).sort()
      const [from, to] = [days[0], days[days.length - 1]]
      const found = await candidates(who, account, from, to)
      const keys = transactionKeys(read.lines)
      const now = deps.now()
      let lines: StatementRecord['lines'] = []
      // the bank account of the account's statements (those imported before it was kept: the latest's)
      const named = (await statementsOf(empresa, account)).find((s) => s.bankAccount)?.bankAccount ?? undefined
      await reconcile(empresa, account.id, async (r) => {
        // a bank numbers its transactions per account: another account's file would be taken as known
        const kept = r.bankAccount ?? named
        if (read.bankAccount && kept && accountNumber(read.bankAccount) !== accountNumber(kept))
          throw refuse(
            'statement_other_account',
            `The statement is of bank account ${read.bankAccount}; this account's statements are of ${kept}`,
          )
        const fitIds = { ...r.fitIds }
        const taken = new Set(Object.keys(r.targets))
        const seen = new Set<string>()
        const stored = store(empresa)
        lines = []
        for (const [i, l] of read.lines.entries()) {
          const base = { n: i + 1, ...l, match: null }
          if (seen.has(keys[i])) {
            lines.push({ ...base, status: 'duplicate' })
            continue
          }
          seen.add(keys[i])
          const holder = fitIds[keys[i]]
          // held by a statement stored, or by an import that may still be storing it
          if (holder && holder.s !== id && (now - holder.at < OWED_LEASE_MS || (await stored.get(holder.s)))) {
            lines.push({ ...base, status: 'known' })
            continue
          }
          fitIds[keys[i]] = { s: id, at: now }
          const best = found
            .filter(
              (c) =>
                c.amount === l.amount &&
                !taken.has(targetKey(c)) &&
                Math.abs(daysBetween(c.date, l.date)) <= MATCH_DAYS,
            )
            .sort((a, b) => Math.abs(daysBetween(a.date, l.date)) - Math.abs(daysBetween(b.date, l.date)))[0]
          if (!best) {
            lines.push({ ...base, status: 'unmatched' })
            continue
          }
          taken.add(targetKey(best))
          const { amount: _amount, ...match } = best
          lines.push({ ...base, status: 'suggested', match })
        }
        return { ...r, fitIds, bankAccount: kept ?? read.bankAccount ?? undefined }
      })
      const statement: StatementRecord = {
        id,
        accountId: account.id,
        fileName: file.name.slice(0, 200),
        bankAccount: read.bankAccount,
        currency: account.currency,
        from,
        to,
        lines,
        by: who.user.name,
        at: new Date(now).toISOString(),
      }
      return statementRowOf((await store(empresa).put(statement)).value, (await reader(who)).shown)
    },

    /**
     * A suggested match confirmed: the movement is this line's. 409 `statement_match_taken` when
     * another line has it, `statement_match_gone` when it no longer counts (a payment reversed, a
     * bill voided); 404 for one the caller may not read.
     */
    async confirm(who: Caller, account: AccountRecord, id: string, n: number) {
      const { empresa } = who.tenant
      const statement = await statementOf(empresa, account, id)
      const line = lineOf(statement, n)
      const { shown } = await reader(who)
      if (line.status === 'matched') return statementRowOf(statement, shown)
      if (line.status !== 'suggested' || !line.match) throw ruleError(409, 'statement_line_done')
      const match = line.match
      if (!shown(match)) throw notFound('Statement line')
      if (!(await stillCounts(empresa, match))) throw ruleError(409, 'statement_match_gone')
      const key = lineKey(id, n)
      await reconcile(empresa, account.id, (r) => {
        const claim = r.lines[key]
        if (claim && claim.action !== 'confirm') throw ruleError(409, 'statement_line_done')
        const holder = r.targets[targetKey(match)]
        if (holder && holder !== key) throw ruleError(409, 'statement_match_taken')
        return {
          ...r,
          targets: { ...r.targets, [targetKey(match)]: key },
          lines: { ...r.lines, [key]: claim ?? { action: 'confirm', at: deps.now() } },
        }
      })
      return settleLine(who, statement, n, 'matched', match)
    },

    /**
     * A line that went out, recorded as a bill of the caller's branch paid that day from the account
     * (the payables' own rules: an amount they take, a day not after today).
     */
    async recordPayable(
      who: Caller,
      account: AccountRecord,
      id: string,
      n: number,
      input: { supplier: string; category: string },
    ) {
      const { empresa } = who.tenant
      const { statement, line, done } = await lineToRecord(who, account, id, n, 'payable')
      if (done) return done
      const parsed = payableInput.safeParse({
        ...input,
        description: line.memo,
        amount: -line.amount,
        dueDate: line.date,
        repeat: 'none',
      })
      if (!parsed.success) throw ruleError(409, 'amount_too_large')
      const bill = await newPayable(who, await madeId(id, n), parsed.data)
      if (line.date > dateIn(bill.timeZone, deps.now())) throw ruleError(409, 'payment_in_future')
      await claimLine(who, account, id, n, { action: 'payable', at: deps.now() })
      const at = new Date(deps.now()).toISOString()
      const paid = {
        ...bill,
        status: 'paid' as const,
        paid: { date: line.date, accountId: account.id, by: who.user.name, at },
      }
      const made = await insertPayable(deps, empresa, paid).then(
        async (saved) => {
          await logActivity(deps, empresa, 'cd_financeiro', saved.value.id, who.user, 'created')
          await logActivity(deps, empresa, 'cd_financeiro', saved.value.id, who.user, 'pay')
          return saved.value
        },
        async (error: unknown) => {
          // made by an earlier try of this line: it is there once
          if (!(error instanceof ConflictError)) throw error
          return (await payableStore(deps, empresa).get(bill.id))!.value
        },
      )
      const match: StoredMatch = {
        kind: 'payable',
        id: made.id,
        invoiceId: null,
        quoteId: null,
        filial: made.filial,
        label: `${made.number} · ${made.supplier}`,
        date: line.date,
      }
      await reconcile(empresa, account.id, (r) => ({
        ...r,
        targets: { ...r.targets, [targetKey(match)]: lineKey(id, n) },
      }))
      return settleLine(who, statement, n, 'recorded', match)
    },

    /**
     * A line that came in, recorded as a payment (by transfer, its FITID the reference) of an issued
     * invoice that day into the account. The line is first claimed for that invoice: a try for
     * another invoice after a crash finds whether the first one's payment landed, so it is paid once.
     */
    async recordPayment(who: Caller, account: AccountRecord, id: string, n: number, invoiceId: string) {
      const { empresa } = who.tenant
      const { statement, line, done } = await lineToRecord(who, account, id, n, 'payment')
      if (done) return done
      const paymentId = await madeId(id, n)
      const held = await claimLine(who, account, id, n, { action: 'payment', invoiceId, at: deps.now() })
      const saved = await invoicing(deps).pay(
        { ...who, newId: () => paymentId },
        held ?? invoiceId,
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
      const match: StoredMatch = {
        kind: 'payment',
        id: paymentId,
        invoiceId: saved.value.id,
        quoteId: null,
        filial: saved.value.filial,
        label: `${saved.value.number} · ${saved.value.clientName}`,
        date: line.date,
      }
      await reconcile(empresa, account.id, (r) => ({
        ...r,
        targets: { ...r.targets, [targetKey(match)]: lineKey(id, n) },
      }))
      return settleLine(who, statement, n, 'recorded', match)
    },
  }
}
