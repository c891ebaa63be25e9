import type { AccountRecord } from '../domain/schemas/accounts.ts'

/**
 * docs/domain.md cd_contas for the demo company: its bank (Pix, transfers and boletos land there),
 * the shop's till (cash) and the card acquirer's account (card payments), each with an opening balance.
 */
export function seedAccounts(createdAt: string): AccountRecord[] {
  const account = (id: string, a: Pick<AccountRecord, 'name' | 'kind' | 'methods' | 'opening' | 'notes'>) => ({
    id,
    ...a,
    currency: 'BRL' as const,
    active: true,
    createdAt,
  })
  return [
    account('7d1c2f0e-5b8a-4c3e-9f6d-0a1b2c3d4e01', {
      name: 'Banco Itaú',
      kind: 'bank',
      methods: ['pix', 'transfer', 'boleto'],
      opening: 1_250_000,
      notes: 'Conta corrente 12345-6, agência 0001',
    }),
    account('7d1c2f0e-5b8a-4c3e-9f6d-0a1b2c3d4e02', {
      name: 'Caixa da loja',
      kind: 'cash',
      methods: ['cash'],
      // enough for the fuel paid from it (seeds/payables.ts): a till does not go below zero
      opening: 80_000,
      notes: '',
    }),
    account('7d1c2f0e-5b8a-4c3e-9f6d-0a1b2c3d4e03', {
      name: 'Cartões (adquirente)',
      kind: 'card',
      methods: ['card'],
      opening: 0,
      notes: 'Repasses do provedor de cartão',
    }),
  ]
}
