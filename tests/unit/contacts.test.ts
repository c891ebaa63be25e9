import { beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { contactSchema, countrySchema, tagSchema } from '../../domain/schemas/contacts.ts'
import { testBff, type TestBff } from '../shared/bff.ts'
import { expectSchema } from '../shared/schema.ts'

const contacts = z.array(contactSchema)
const acme = { 'x-empresa': '1', 'x-filial': '2' }
const northwind = { 'x-empresa': '2', 'x-filial': '4' }

describe('api/apps/contacts', () => {
  let bff: TestBff
  let token: string
  beforeAll(async () => {
    bff = await testBff()
    token = await bff.signIn()
  })
  const all = async (headers = acme) =>
    expectSchema(contacts, await (await bff.call('/apps/contacts/all', { token, headers })).json())

  it('lists the 80 demo contacts sorted by name, each with one tag', async () => {
    const list = await all()
    expect(list).toHaveLength(80)
    const names = list.map((c) => c.name)
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)))
    expect(list.every((c) => c.tags.length === 1)).toBe(true)
  })

  it('searches names case-insensitively; an empty query answers all', async () => {
    const found = expectSchema(
      contacts,
      await (await bff.call('/apps/contacts/search?query=ANA%20AL', { token, headers: acme })).json(),
    )
    expect(found.length).toBeGreaterThan(0)
    expect(found.every((c) => c.name.toLowerCase().includes('ana al'))).toBe(true)
    expect(await (await bff.call('/apps/contacts/search?query=', { token, headers: acme })).json()).toHaveLength(80)
  })

  it("creates 'New Contact' blank and first by id, merges a change, deletes it", async () => {
    const created = expectSchema(
      contactSchema,
      await (await bff.call('/apps/contacts/contact', { method: 'POST', token, headers: acme })).json(),
    )
    expect(created).toMatchObject({
      name: 'New Contact',
      emails: [],
      phoneNumbers: [],
      tags: [],
      avatar: null,
      birthday: null,
      address: null,
      notes: null,
    })
    const patched = expectSchema(
      contactSchema,
      await (
        await bff.call('/apps/contacts/contact', {
          method: 'PATCH',
          token,
          headers: acme,
          json: { id: created.id, contact: { name: 'Zélia Costa', company: 'Acme', unknown: 1 } },
        })
      ).json(),
    )
    expect(patched).toMatchObject({ id: created.id, name: 'Zélia Costa', company: 'Acme', emails: [] })
    expect('unknown' in patched).toBe(false)
    expect(
      await (await bff.call(`/apps/contacts/contact?id=${created.id}`, { token, headers: acme })).json(),
    ).toMatchObject({ name: 'Zélia Costa' })
    expect(
      await (
        await bff.call(`/apps/contacts/contact?id=${created.id}`, { method: 'DELETE', token, headers: acme })
      ).json(),
    ).toBe(true)
    expect(
      await (await bff.call(`/apps/contacts/contact?id=${created.id}`, { token, headers: acme })).json(),
    ).toBeNull()
    expect(
      await (
        await bff.call('/apps/contacts/contact', {
          method: 'PATCH',
          token,
          headers: acme,
          json: { id: 'nope', contact: { name: 'x' } },
        })
      ).json(),
    ).toBeNull()
  })

  it('lands two concurrent changes of different fields and refuses a stale If-Match with 412', async () => {
    const [first] = await all()
    await Promise.all([
      bff.call('/apps/contacts/contact', {
        method: 'PATCH',
        token,
        headers: acme,
        json: { id: first.id, contact: { address: 'Rua Nova, 1' } },
      }),
      bff.call('/apps/contacts/contact', {
        method: 'PATCH',
        token,
        headers: acme,
        json: { id: first.id, contact: { notes: '<p>Gate code 1234</p>' } },
      }),
    ])
    const res = await bff.call(`/apps/contacts/contact?id=${first.id}`, { token, headers: acme })
    expect(await res.json()).toMatchObject({ address: 'Rua Nova, 1', notes: '<p>Gate code 1234</p>' })
    const etag = res.headers.get('etag')!
    const ok = await bff.call('/apps/contacts/contact', {
      method: 'PATCH',
      token,
      headers: { ...acme, 'if-match': etag },
      json: { id: first.id, contact: { title: 'Owner' } },
    })
    expect(ok.status).toBe(200)
    const stale = await bff.call('/apps/contacts/contact', {
      method: 'PATCH',
      token,
      headers: { ...acme, 'if-match': etag },
      json: { id: first.id, contact: { title: 'Lost' } },
    })
    expect(stale.status).toBe(412)
    expect(
      await (await bff.call(`/apps/contacts/contact?id=${first.id}`, { token, headers: acme })).json(),
    ).toMatchObject({ title: 'Owner' })
  })

  it('refuses bad input with 400 and changes nothing', async () => {
    const [first] = await all()
    const res = await bff.call('/apps/contacts/contact', {
      method: 'PATCH',
      token,
      headers: acme,
      json: { id: first.id, contact: { phoneNumbers: [{ country: 'Brazil', phoneNumber: '1', label: 'x' }] } },
    })
    expect(res.status).toBe(400)
    expect(Object.keys(((await res.json()) as { fields: object }).fields)).toEqual(['contact.phoneNumbers.0.country'])
    expect((await all()).find((c) => c.id === first.id)).toEqual(first)
  })

  it('lists countries with dial codes, Kosovo included', async () => {
    const list = expectSchema(
      z.array(countrySchema),
      await (await bff.call('/apps/contacts/countries', { token, headers: acme })).json(),
    )
    expect(list.length).toBeGreaterThan(190)
    expect(list.find((c) => c.iso === 'xk')).toMatchObject({ name: 'Kosovo', code: '+377' })
    expect(list.find((c) => c.iso === 'br')).toMatchObject({ code: '+55' })
  })

  it('adds a tag first, renames it, and deleting a tag strips it from every contact', async () => {
    const tags = expectSchema(
      z.array(tagSchema),
      await (await bff.call('/apps/contacts/tags', { token, headers: acme })).json(),
    )
    expect(tags.map((t) => t.title)).toEqual([
      'Work',
      'Friend',
      'Family',
      'High School',
      'College',
      'Baseball Team',
      'Band',
    ])
    const created = expectSchema(
      tagSchema,
      await (
        await bff.call('/apps/contacts/tag', { method: 'POST', token, headers: acme, json: { tag: { title: 'VIP' } } })
      ).json(),
    )
    expect(
      ((await (await bff.call('/apps/contacts/tags', { token, headers: acme })).json()) as Array<{ id: string }>)[0].id,
    ).toBe(created.id)
    expect(
      await (
        await bff.call('/apps/contacts/tag', {
          method: 'PATCH',
          token,
          headers: acme,
          json: { id: created.id, tag: { title: 'Key account' } },
        })
      ).json(),
    ).toMatchObject({ title: 'Key account' })
    const work = tags[0].id
    const carrying = (await all()).filter((c) => c.tags.includes(work)).length
    expect(carrying).toBeGreaterThan(0)
    expect(
      await (await bff.call(`/apps/contacts/tag?id=${work}`, { method: 'DELETE', token, headers: acme })).json(),
    ).toBe(true)
    expect((await all()).some((c) => c.tags.includes(work))).toBe(false)
  })

  it("never shows one company's contacts to another, and needs a token", async () => {
    expect(await all(northwind)).toEqual([])
    const [first] = await all()
    expect(
      await (await bff.call(`/apps/contacts/contact?id=${first.id}`, { token, headers: northwind })).json(),
    ).toBeNull()
    const res = await bff.call('/apps/contacts/contact', {
      method: 'PATCH',
      token,
      headers: northwind,
      json: { id: first.id, contact: { name: 'Stolen' } },
    })
    expect(await res.json()).toBeNull()
    expect((await all()).find((c) => c.id === first.id)?.name).toBe(first.name)
    expect((await bff.call('/apps/contacts/all')).status).toBe(401)
  })
})
