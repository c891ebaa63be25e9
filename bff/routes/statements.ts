import { Hono } from 'hono'
import { z } from 'zod'
import { ACCOUNTS, type AccountRecord } from '../../domain/schemas/accounts.ts'
import { wrapper } from '../../domain/schemas/common.ts'
import {
  linePayableInput,
  linePaymentInput,
  statementForm,
  statementRow,
  statementSummary,
} from '../../domain/schemas/statements.ts'
import { MAX_STATEMENT_LINES } from '../../domain/ofx.ts'
import type { AppEnv, Deps } from '../lib/deps.ts'
import { notFound } from '../lib/errors.ts'
import { streamedForm } from '../lib/multipart.ts'
import { apiErrorSchema, doc } from '../lib/openapi.ts'
import { callerOf, ok, type Caller } from '../lib/resource.ts'
import { MATCH_DAYS, statements } from '../lib/statements.ts'
import { requireTenant } from '../lib/tenancy.ts'
import { valid } from '../lib/validate.ts'

const tags = ['cd_contas']
const accountParam = z.object({ id: z.uuid() })
const statementParam = accountParam.extend({ statementId: z.uuid() })
const lineParam = statementParam.extend({ n: z.coerce.number().int().min(1).max(MAX_STATEMENT_LINES) })
const answers = { 200: wrapper(statementRow), 404: apiErrorSchema, 409: apiErrorSchema }

/**
 * An account's bank statements (docs/domain.md cd_contas "Bank statement"), under
 * `/api/cd_contas/{id}/statements`: an OFX file imported, its lines matched to what the company
 * recorded, each confirmed, or recorded as a payment or a bill.
 */
export function statementRoutes(deps: Deps) {
  const book = statements(deps)
  /** The company's account `id`, or 404. */
  const accountOf = async (who: Caller, id: string) => {
    const hit = await deps.repos.collection<AccountRecord>(who.tenant.empresa, ACCOUNTS).get(id)
    if (!hit) throw notFound('Account')
    return hit.value
  }
  return new Hono<AppEnv>()
    .get(
      '/:id/statements',
      doc({
        operationId: 'listAccountStatements',
        summary: 'An account’s bank statements',
        description:
          'The statements imported for one account, the latest first, each with how many of its lines are in each status (not the lines). 404 when the company holds no such account. Needs the cd_contas page at view.',
        tags,
        responses: { 200: wrapper(z.array(statementSummary)), 404: apiErrorSchema },
      }),
      requireTenant(deps),
      valid('param', accountParam),
      async (c) => {
        const who = callerOf(deps, c)
        const account = await accountOf(who, c.req.valid('param').id)
        return c.json(ok(await book.list(who.tenant.empresa, account)))
      },
    )
    .post(
      '/:id/statements',
      doc({
        operationId: 'importAccountStatement',
        summary: 'Import a bank statement (OFX)',
        description: `An OFX file the bank exported for this account (multipart: \`file\`, at most 5 MB, 413 beyond; OFX 1 SGML or OFX 2 XML, UTF-8 or Windows-1252; at most ${MAX_STATEMENT_LINES} transactions) read into lines: each \`known\` when its FITID came in an earlier statement of the account, \`duplicate\` when it came earlier in the file, \`suggested\` with the closest recorded movement of the same amount within ${MATCH_DAYS} days not matched yet of what the caller may read (a payment into this account of an invoice of his branches, a payable of his branches paid from it, a transfer), else \`unmatched\`; a transaction without FITID is known by its day, amount and text. Nothing else is written: each suggestion waits for a person. 400 \`statement_not_ofx\`, \`statement_empty\`, \`statement_too_long\`, \`statement_invalid\` (a transaction without a valid day or amount), \`statement_currency\` (another currency than the account's), \`statement_other_account\` (another bank account, its ACCTID, than the account's earlier statements) at \`file\`. Sent again with the same Idempotency-Key it is the same statement. 404 when the company holds no such account. Needs the cd_contas page at edit.`,
        tags,
        responses: { ...answers, 400: apiErrorSchema, 413: apiErrorSchema },
      }),
      requireTenant(deps),
      valid('param', accountParam),
      streamedForm(statementForm),
      async (c) => {
        const who = callerOf(deps, c)
        const account = await accountOf(who, c.req.valid('param').id)
        return c.json(ok(await book.import(who, account, c.req.valid('form').file), 'Statement imported'))
      },
    )
    .get(
      '/:id/statements/:statementId',
      doc({
        operationId: 'getAccountStatement',
        summary: 'A bank statement with its lines',
        description:
          'One imported statement of the account with every line: its FITID, day, amount (above 0 came in), text, status and what it is matched to. 404 when the account holds no such statement. Needs the cd_contas page at view.',
        tags,
        responses: { 200: wrapper(statementRow), 404: apiErrorSchema },
      }),
      requireTenant(deps),
      valid('param', statementParam),
      async (c) => {
        const who = callerOf(deps, c)
        const { id, statementId } = c.req.valid('param')
        return c.json(ok(await book.read(who, await accountOf(who, id), statementId)))
      },
    )
    .post(
      '/:id/statements/:statementId/lines/:n/confirm',
      doc({
        operationId: 'confirmStatementLine',
        summary: 'Confirm a line’s suggested match',
        description:
          'The movement suggested for line `n` is the line’s: `matched`. Confirmed again, the same answer. 409 `statement_match_taken` when another line of a statement of the account has it, `statement_match_gone` when it no longer counts (a payment reversed, a bill voided), `statement_line_done` for a line with no suggestion or claimed by another action; 404 when the caller may not read what it is matched to. Needs the cd_contas page at edit.',
        tags,
        responses: answers,
      }),
      requireTenant(deps),
      valid('param', lineParam),
      async (c) => {
        const who = callerOf(deps, c)
        const { id, statementId, n } = c.req.valid('param')
        return c.json(ok(await book.confirm(who, await accountOf(who, id), statementId, n), 'Line matched'))
      },
    )
    .post(
      '/:id/statements/:statementId/lines/:n/payable',
      doc({
        operationId: 'recordStatementLineAsPayable',
        summary: 'Record a line that went out as a bill paid',
        description:
          'Line `n`, money that left the account and matches nothing, becomes a payable of the current branch (`supplier`, `category`; the line’s text as its description), due and paid on the line’s day from this account: `recorded`. Made once however often it is sent. 409 `statement_wrong_side` for money that came in, `statement_line_done` for a line matched or recorded. Needs the cd_contas page at edit and the cd_financeiro page at edit.',
        tags,
        responses: answers,
        example: { supplier: 'Banco do Brasil', category: 'Bank fees' },
      }),
      requireTenant(deps),
      valid('param', lineParam),
      valid('json', linePayableInput),
      async (c) => {
        const who = callerOf(deps, c)
        const { id, statementId, n } = c.req.valid('param')
        const account = await accountOf(who, id)
        return c.json(
          ok(await book.recordPayable(who, account, statementId, n, c.req.valid('json')), 'Line recorded as a payable'),
        )
      },
    )
    .post(
      '/:id/statements/:statementId/lines/:n/payment',
      doc({
        operationId: 'recordStatementLineAsPayment',
        summary: 'Record a line that came in as a payment of an invoice',
        description:
          'Line `n`, money that came into the account and matches nothing, becomes a payment by transfer of the issued invoice `invoiceId` (of the caller’s branches) on the line’s day into this account, its FITID the reference: `recorded`. Paid once however often it is sent, even for another invoice after a try whose answer was lost (409 `statement_line_busy` while such a try may still be running, a minute at most). The payment’s own rules hold (409 `payment_above_open`, `invoice_not_payable`; 400 `payment_before_issue`). 409 `statement_wrong_side` for money that went out, `statement_line_done` for a line matched or recorded. Needs the cd_contas page at edit and the cd_invoice page at edit.',
        tags,
        responses: answers,
        example: { invoiceId: '5f0c1d7e-2a9b-4c3d-8e1f-0a2b3c4d5e6f' },
      }),
      requireTenant(deps),
      valid('param', lineParam),
      valid('json', linePaymentInput),
      async (c) => {
        const who = callerOf(deps, c)
        const { id, statementId, n } = c.req.valid('param')
        const account = await accountOf(who, id)
        const saved = await book.recordPayment(who, account, statementId, n, c.req.valid('json').invoiceId)
        return c.json(ok(saved, 'Line recorded as a payment'))
      },
    )
}
