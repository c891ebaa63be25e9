import { addDays, dateIn } from '../domain/dates.ts'
import { documentNumber } from '../domain/document-numbers.ts'
import type { AccountRecord } from '../domain/schemas/accounts.ts'
import type { StoredPayable } from '../domain/schemas/payables.ts'
import { SEED_QUOTE_BRANCH, SEED_QUOTE_PREFIX } from './field-service.ts'

const ID = (n: number) => `5e0b7c1a-2d3f-4a5b-8c6d-7e8f9a0b1c${String(n).padStart(2, '0')}`

/**
 * docs/domain.md cd_financeiro for the demo company: the main branch's bills around the day the
 * data is loaded (`now`) — last month's rent and the accountant paid from the bank, fuel paid in
 * cash, this month's rent (made by last month's), a phone bill and taxes to come, parts overdue —
 * numbered CP-SAO-<year>-000001 on. Answers them and how many numbers they took.
 */
export function seedPayables(now: number, timeZone: string, accounts: AccountRecord[]): StoredPayable[] {
  const today = dateIn(timeZone, now)
  const year = today.slice(0, 4)
  const [bank, till] = [accounts.find((a) => a.kind === 'bank')!, accounts.find((a) => a.kind === 'cash')!]
  const bills: Array<
    Pick<StoredPayable, 'supplier' | 'category' | 'description' | 'amount' | 'repeat'> & {
      due: number
      paid?: { days: number; account: AccountRecord }
      previous?: number
    }
  > = [
    {
      supplier: 'Imobiliária Central',
      category: 'Aluguel',
      description: 'Aluguel da sede',
      amount: 350_000,
      repeat: 'monthly',
      due: -28,
      paid: { days: -30, account: bank },
    },
    {
      supplier: 'Imobiliária Central',
      category: 'Aluguel',
      description: 'Aluguel da sede',
      amount: 350_000,
      repeat: 'monthly',
      due: 2,
      previous: 1,
    },
    {
      supplier: 'Contabilidade Silva',
      category: 'Contador',
      description: 'Honorários mensais',
      amount: 85_000,
      repeat: 'monthly',
      due: -20,
      paid: { days: -21, account: bank },
    },
    {
      supplier: 'Posto Avenida',
      category: 'Combustível',
      description: 'Abastecimento das vans',
      amount: 61_235,
      repeat: 'none',
      due: -12,
      paid: { days: -12, account: till },
    },
    {
      supplier: 'Refrigeração Total Peças',
      category: 'Peças',
      description: 'Compressores e capacitores',
      amount: 248_000,
      repeat: 'none',
      due: -10,
    },
    {
      supplier: 'Vivo',
      category: 'Telefone',
      description: 'Duas linhas móveis',
      amount: 18_990,
      repeat: 'monthly',
      due: 5,
    },
    {
      supplier: 'Receita Federal',
      category: 'Impostos',
      description: 'DAS Simples Nacional',
      amount: 132_044,
      repeat: 'monthly',
      due: 15,
    },
  ]
  return bills.map((b, i): StoredPayable => ({
    id: ID(i + 1),
    filial: SEED_QUOTE_BRANCH,
    number: documentNumber('CP', SEED_QUOTE_PREFIX, year, i + 1),
    timeZone,
    currency: 'BRL',
    supplier: b.supplier,
    category: b.category,
    description: b.description,
    amount: b.amount,
    dueDate: addDays(today, b.due),
    repeat: b.repeat,
    status: b.paid ? 'paid' : 'open',
    paid: b.paid
      ? {
          date: addDays(today, b.paid.days),
          accountId: b.paid.account.id,
          by: 'Ana Souza',
          at: new Date(now + b.paid.days * 86_400_000).toISOString(),
        }
      : null,
    voided: null,
    previousId: b.previous ? ID(b.previous) : null,
    createdAt: new Date(now + (b.due - 20) * 86_400_000).toISOString(),
  }))
}
