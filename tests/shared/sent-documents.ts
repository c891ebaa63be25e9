import { DEMO_ADMIN } from '../../seeds/tenancy.ts'

/** How the office reaches the API: the in-process app (`bff.api.request`) or a server over HTTP. */
export type ApiRequest = (path: string, init: RequestInit) => Response | Promise<Response>

/** The API of a server over HTTP, from one address (`x-forwarded-for`, for a server that trusts it). */
export const overHttp =
  (url: string, address?: string): ApiRequest =>
  (path, init) =>
    fetch(`${url}/api${path}`, {
      ...init,
      headers: { ...(address ? { 'x-forwarded-for': address } : {}), ...(init.headers as Record<string, string>) },
    })

/** The demo company's main branch, where the office of these tests works. */
const MAIN = { 'x-empresa': '1', 'x-filial': '2' }

/** The office of the demo company, signed in as its admin: a call answering the JSON body (throws on a refusal). */
export async function officeOf(request: ApiRequest) {
  const signIn = await request('/auth/sign-in', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_ADMIN),
  })
  if (signIn.status !== 200) throw new Error(`sign-in answered ${signIn.status}`)
  const { accessToken } = (await signIn.json()) as { accessToken: string }
  return async <T>(path: string, init: { method?: string; json?: unknown; body?: FormData } = {}) => {
    const res = await request(path, {
      method: init.method ?? 'GET',
      headers: {
        ...MAIN,
        authorization: `Bearer ${accessToken}`,
        ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: init.body ?? (init.json === undefined ? undefined : JSON.stringify(init.json)),
    })
    if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${res.status}: ${await res.text()}`)
    return (await res.json()) as T
  }
}

export type Office = Awaited<ReturnType<typeof officeOf>>
type Wrapped<T> = { Dados: T }

/** The company's logo, uploaded and set (a PNG's bytes). */
export async function setLogo(office: Office, png: Uint8Array<ArrayBuffer>) {
  const form = new FormData()
  form.append('files', new File([png], 'logo.png', { type: 'image/png' }))
  form.append('getEmpresaProprietario', 'true')
  // the upload service answers in its own shape, not the wrapper
  const { ListFiles } = await office<{ ListFiles: Array<{ Id: string; Url: string }> }>('/FileManager/upload', {
    method: 'POST',
    body: form,
  })
  await office('/ac_empresas/logo', {
    method: 'PUT',
    json: { ID_ARQUIVO: ListFiles[0].Id, URL_LOGO: ListFiles[0].Url },
  })
}

/**
 * An invoice by hand of the demo company's first client with `lines` lines (each a few words, a
 * quantity, a price, a discount and a tax), issued and sent: its id, number and total, and the
 * token of the client's link (`/i/<token>`).
 */
export async function sentInvoice(office: Office, lines: number) {
  const client = (await office<Wrapped<{ items: Array<{ id: string }> }>>('/cd_cliente?size=1&sort=name')).Dados
    .items[0]
  const made = await office<Wrapped<{ id: string }>>('/cd_invoice', {
    method: 'POST',
    json: {
      clientId: client.id,
      lines: Array.from({ length: lines }, (_, i) => ({
        description: `Preventive maintenance of split unit ${i + 1}: filters, coil cleaning, gas pressure check`,
        quantity: 1 + (i % 3),
        unitPrice: 12_550 + i * 10,
        discountPercent: i % 5,
        taxPercent: 5,
      })),
    },
  })
  const { id } = made.Dados
  await office(`/cd_invoice/${id}/issue`, { method: 'POST' })
  const sent = await office<Wrapped<{ number: string; total: number }>>(`/cd_invoice/${id}/send`, { method: 'POST' })
  const link = (await office<Wrapped<{ url: string }>>(`/cd_invoice/${id}/link`)).Dados
  return { id, number: sent.Dados.number, total: sent.Dados.total, token: link.url.split('/i/')[1] }
}

/** A quote of the demo company's first client with one free-text line, valid 20 days, sent: the token of the client's link (`/q/<token>`). */
export async function sentQuote(office: Office) {
  const client = (await office<Wrapped<{ items: Array<{ id: string }> }>>('/cd_cliente?size=1&sort=name')).Dados
    .items[0]
  const made = await office<Wrapped<{ id: string }>>('/cd_cotacao', {
    method: 'POST',
    json: {
      clientId: client.id,
      validUntil: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10),
      lines: [{ description: 'Split unit installation', quantity: 1, unitPrice: 90_000, taxPercent: 5 }],
    },
  })
  const { id } = made.Dados
  await office(`/cd_cotacao/${id}/send`, { method: 'POST' })
  const link = (await office<Wrapped<{ url: string }>>(`/cd_cotacao/${id}/link`)).Dados
  return { id, token: link.url.split('/q/')[1] }
}
