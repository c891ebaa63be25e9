import { Hono } from 'hono'
import { z } from 'zod'
import type { AppEnv, Deps } from '../lib/deps.ts'
import { requireAuth } from '../lib/auth.ts'
import { ifMatchVersion } from '../lib/etag.ts'
import { apiErrorSchema, doc } from '../lib/openapi.ts'
import { requireTenant } from '../lib/tenancy.ts'
import { valid } from '../lib/validate.ts'
import { idQuery } from '../../domain/schemas/common-panels.ts'
import { avatarForm } from '../../domain/schemas/files.ts'
import { apiError, notFound } from '../lib/errors.ts'
import { fileUrl, storeUploads } from './files.ts'
import { contactPatch, contactSchema, countrySchema, type Contact } from '../../domain/schemas/contacts.ts'
import { tagRoutes } from '../lib/tag-routes.ts'
import { countries } from '../../domain/reference/countries.ts'

const byName = (a: Contact, b: Contact) => a.name.localeCompare(b.name)
const COUNTRIES = countries()

/** api/apps/contacts (docs/demo-apis.md §7 Contacts), the current company's. */
export function contactsRoutes(deps: Deps) {
  const tags = ['apps/contacts']
  const contacts = (empresa: number) => deps.repos.company(empresa).records<Contact>('contacts')
  return new Hono<AppEnv>()
    .route(
      '/',
      tagRoutes(deps, {
        list: 'contact-tags',
        noun: 'contact',
        tags,
        strip: async (empresa, id) => {
          const repo = contacts(empresa)
          const carrying = (await repo.all()).filter((contact) => contact.tags.includes(id))
          await Promise.all(
            carrying.map((contact) =>
              repo.update(contact.id, (cur) => ({ ...cur, tags: cur.tags.filter((t) => t !== id) })),
            ),
          )
        },
      }),
    )
    .use(requireAuth(deps), requireTenant(deps))
    .get(
      '/all',
      doc({
        operationId: 'listContacts',
        description: 'Every contact of the current company, by name.',
        summary: 'All contacts, by name',
        tags,
        responses: { 200: z.array(contactSchema) },
      }),
      async (c) => c.json((await contacts(c.get('tenant').empresa).all()).sort(byName)),
    )
    .get(
      '/search',
      doc({
        operationId: 'searchContacts',
        description: 'The contacts whose name holds the query, in any case; an empty query lists them all.',
        summary: 'Contacts whose name holds the query (any case); an empty query lists all',
        tags,
        responses: { 200: z.array(contactSchema) },
      }),
      valid('query', z.object({ query: z.string().max(200).default('') })),
      async (c) => {
        const query = c.req.valid('query').query.toLowerCase()
        const all = await contacts(c.get('tenant').empresa).all()
        return c.json(all.filter((contact) => contact.name.toLowerCase().includes(query)).sort(byName))
      },
    )
    .get(
      '/contact',
      doc({
        operationId: 'getContact',
        description: 'One contact by id, with its version as ETag; null when the id is unknown.',
        summary: 'One contact (ETag: its version); null when unknown',
        tags,
        responses: { 200: contactSchema.nullable() },
      }),
      valid('query', idQuery),
      async (c) => {
        const found = await contacts(c.get('tenant').empresa).get(c.req.valid('query').id)
        if (found) c.header('ETag', `"${found.version}"`)
        return c.json(found?.value ?? null)
      },
    )
    .post(
      '/contact',
      doc({
        operationId: 'createContact',
        description: 'Creates a blank contact named New Contact, first in the list, and answers it.',
        summary: "A new blank contact named 'New Contact', first in the list",
        tags,
        responses: { 200: contactSchema },
      }),
      async (c) => {
        const contact: Contact = {
          id: crypto.randomUUID(),
          avatar: null,
          name: 'New Contact',
          emails: [],
          phoneNumbers: [],
          birthday: null,
          address: null,
          notes: null,
          tags: [],
        }
        await contacts(c.get('tenant').empresa).put(contact)
        return c.json(contact)
      },
    )
    .patch(
      '/contact',
      doc({
        operationId: 'updateContact',
        example: { id: 'a1b2c3', contact: { title: 'Operations manager', company: 'Padaria Pão Quente' } },
        description:
          'Merges the fields sent into a contact; If-Match names the version edited (412 when it changed since). Answers it, or null when the id is unknown.',
        summary: 'Merge changes into a contact; null when unknown; If-Match for the version edited',
        tags,
        responses: { 200: contactSchema.nullable() },
      }),
      valid('json', contactPatch),
      async (c) => {
        const { id, contact } = c.req.valid('json')
        const saved = await contacts(c.get('tenant').empresa).update(
          id,
          (current) => ({ ...current, ...contact, id: current.id }),
          { expectVersion: ifMatchVersion(c.req.header('if-match')) },
        )
        if (saved) c.header('ETag', `"${saved.version}"`)
        return c.json(saved?.value ?? null)
      },
    )
    .delete(
      '/contact',
      doc({
        operationId: 'deleteContact',
        description: 'Deletes a contact. 404 when the id is unknown.',
        summary: 'Delete a contact; 404 when unknown',
        tags,
        responses: { 200: z.literal(true), 404: apiErrorSchema },
      }),
      valid('query', idQuery),
      async (c) => {
        if (!(await contacts(c.get('tenant').empresa).remove(c.req.valid('query').id))) throw notFound('Contact')
        return c.json(true as const)
      },
    )
    .post(
      '/avatar',
      doc({
        operationId: 'setContactAvatar',
        description:
          'Sets a contact’s avatar from an image (multipart: id and avatar; PNG, JPEG, GIF or WebP). Answers the contact, or null when the id is unknown; 400 for a file that is not such an image.',
        summary:
          "Set a contact's avatar from an image file (multipart: id, avatar); answers the contact, null when unknown",
        tags,
        responses: { 200: contactSchema.nullable() },
      }),
      valid('form', avatarForm),
      async (c) => {
        const { id, avatar } = c.req.valid('form')
        const repo = contacts(c.get('tenant').empresa)
        if (!(await repo.get(id))) return c.json(null)
        if (!avatar.type.startsWith('image/') || avatar.type === 'image/svg+xml')
          throw apiError(400, 'Invalid request', { avatar: ['must be a PNG, JPEG, GIF or WebP image'] })
        const [file] = await storeUploads(deps, c, [avatar], `contact-avatar-${id}`, true)
        const saved = await repo.update(id, (cur) => ({ ...cur, avatar: fileUrl(file) }))
        return c.json(saved?.value ?? null)
      },
    )
    .get(
      '/countries',
      doc({
        operationId: 'listCountries',
        description: 'Countries and territories with their ISO code and dial code.',
        summary: 'Countries with their dial codes',
        tags,
        responses: { 200: z.array(countrySchema) },
      }),
      (c) => c.json(COUNTRIES),
    )
}
