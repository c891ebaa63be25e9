// The Fieldwise API for TypeScript programs: openapi-fetch over the types generated from the
// API's document (schema.d.ts). Every path, parameter, body and answer is typed, errors too.
import createClient, { type Middleware } from 'openapi-fetch'
import type { paths } from './schema'

export type { components, operations, paths } from './schema'

export type FieldwiseOptions = {
  /** Where the app runs, e.g. https://fieldwise.example.com */
  baseUrl: string
  /** The accessToken of signIn; set later with `client.use(...)` or a new client */
  token?: string
  /** The company and branch every call is for (X-Empresa, X-Filial); absent: the user's current ones */
  empresa?: number
  filial?: number
  fetch?: typeof fetch
}

/** A client of the API: `client.GET('/api/cd_cliente', { params: { query: { search: 'ana' } } })`. */
export function fieldwise(options: FieldwiseOptions) {
  const client = createClient<paths>({ baseUrl: options.baseUrl, fetch: options.fetch })
  const identify: Middleware = {
    onRequest({ request }) {
      if (options.token) request.headers.set('Authorization', `Bearer ${options.token}`)
      if (options.empresa !== undefined) request.headers.set('X-Empresa', String(options.empresa))
      if (options.filial !== undefined) request.headers.set('X-Filial', String(options.filial))
      return request
    },
  }
  client.use(identify)
  return client
}
