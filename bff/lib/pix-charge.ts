import { brCode } from '../../domain/pix.ts'
import type { Currency } from '../../domain/money.ts'
import type { CompanyRecord } from '../../domain/tenancy.ts'

/**
 * The Pix charge of an amount a document asks (docs/domain.md cd_invoice: what is open on an
 * invoice, a quote's deposit): the company's key and the BR Code of the amount, its reference the
 * document's number; none without a key, outside reais, or with nothing to pay.
 */
export function pixCharge(company: CompanyRecord, document: { currency: Currency; number: string }, amount: number) {
  const key = company.PIX_KEY?.trim()
  if (!key || document.currency !== 'BRL' || amount <= 0) return null
  return {
    key,
    // the city a bank app shows with the receiver; the country when the company has not said
    code: brCode({
      key,
      name: company.NOME_EMPRESA,
      city: company.CIDADE?.trim() || 'BRASIL',
      amount,
      txid: document.number,
    }),
  }
}
