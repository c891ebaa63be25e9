// The SDK's example (docs/api.md): sign in, pick a company and branch, create a client and a quote
// with two lines, and read the quote back. `node clients/typescript/example.ts <base-url> <email> <password>`;
// the runtime tests run it against the built server.
import { fieldwise } from './index.ts'

export async function example(baseUrl: string, email: string, password: string) {
  const anonymous = fieldwise({ baseUrl })
  const signedIn = await anonymous.POST('/api/auth/sign-in', { body: { email, password } })
  if (!signedIn.data) throw new Error(`sign-in refused (${signedIn.response.status})`)
  const token = signedIn.data.accessToken

  // the branches this user may work in; the first one of the first company
  const branches = await fieldwise({ baseUrl, token }).GET('/api/cd_filial/user-branches')
  const branch = branches.data?.Dados[0]
  if (!branch) throw new Error('no branch to work in')
  const api = fieldwise({ baseUrl, token, empresa: branch.COD_EMPRESA, filial: branch.COD_FILIAL })
  await api.PUT('/api/cd_filial/current', { body: { COD_EMPRESA: branch.COD_EMPRESA, COD_FILIAL: branch.COD_FILIAL } })

  const client = await api.POST('/api/cd_cliente', {
    body: {
      kind: 'business',
      name: 'Padaria Pão Quente',
      taxId: '11.222.333/0001-81',
      contacts: [{ kind: 'email', label: 'Office', value: 'office@paoquente.example' }],
      addresses: [{ label: 'Shop', street: 'Rua das Flores 10', city: 'São Paulo', isDefault: true }],
    },
  })
  if (!client.data) throw new Error(`client refused: ${client.error?.Msg}`)

  const quote = await api.POST('/api/cd_cotacao', {
    body: {
      clientId: client.data.Dados.id,
      lines: [
        { description: 'Split air conditioner installation', quantity: 2, unitPrice: 45000, taxPercent: 5 },
        { description: 'Copper pipe (m)', quantity: 3.5, unitPrice: 2990 },
      ],
    },
  })
  if (!quote.data) throw new Error(`quote refused: ${quote.error?.Msg}`)

  const read = await api.GET('/api/cd_cotacao/{id}', { params: { path: { id: quote.data.Dados.id } } })
  if (!read.data) throw new Error(`quote not read: ${read.error?.Msg}`)
  return { client: client.data.Dados, quote: read.data.Dados, etag: read.response.headers.get('etag') }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [baseUrl, email, password] = process.argv.slice(2)
  const { quote } = await example(baseUrl, email, password)
  console.log(`${quote.number} for ${quote.clientName}: ${quote.lines.length} lines, total ${quote.total} cents`)
}
