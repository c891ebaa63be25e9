import { beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { tagSchema } from '../../domain/schemas/contacts.ts'
import { productListAnswer, productSchema } from '../../domain/schemas/inventory.ts'
import { testBff, type TestBff } from '../shared/bff.ts'
import { expectSchema } from '../shared/schema.ts'

const acme = { 'x-empresa': '1' }
type Page = { products: Array<z.infer<typeof productSchema>> | null; pagination: Record<string, number> }

describe('api/apps/ecommerce/inventory', () => {
  let bff: TestBff
  let token: string
  beforeAll(async () => {
    bff = await testBff()
    token = await bff.signIn()
  })
  const page = async (query: string, headers: Record<string, string> = acme) =>
    expectSchema(
      productListAnswer,
      await (await bff.call(`/apps/ecommerce/inventory/products?${query}`, { token, headers })).json(),
    ) as Page

  it('lists the reference data: categories, brands, vendors and tags', async () => {
    const get = async (what: string) =>
      (await (await bff.call(`/apps/ecommerce/inventory/${what}`, { token, headers: acme })).json()) as Array<{
        name?: string
        title?: string
      }>
    expect((await get('categories')).map((c) => c.name)).toEqual(['Mens', 'Ladies', 'Unisex'])
    expect((await get('brands')).map((c) => c.name)).toEqual(['Benton', 'Capmia', 'Lara', 'Premera', 'Zeon'])
    expect((await get('vendors')).map((c) => c.name)).toEqual(['Evel', 'Mivon', 'Neogen'])
    expect((await get('tags')).map((c) => c.title)).toContain('5 ATM')
  })

  it('seeds about 23 products, most inactive, with price = basePrice + tax', async () => {
    const all = (await page('page=0&size=100')).products!
    expect(all).toHaveLength(23)
    expect(all.filter((p) => !p.active).length).toBeGreaterThan(all.length / 2)
    for (const p of all) expect(p.price).toBeCloseTo(Number(p.basePrice) * (1 + Number(p.taxPercent) / 100), 2)
    expect(new Set(all.map((p) => p.taxPercent))).toEqual(new Set([8, 10, 18, 20, 30]))
  })

  it('pages from 0 in the slicing, so the default page 1 is the second page', async () => {
    const first = await page('page=0')
    const second = await page('')
    expect(second.pagination).toEqual({ length: 23, size: 10, page: 1, lastPage: 3, startIndex: 10, endIndex: 19 })
    expect(first.products!.map((p) => p.name)).not.toEqual(second.products!.map((p) => p.name))
    const last = await page('page=2')
    expect(last.pagination).toMatchObject({ startIndex: 20, endIndex: 22 })
    expect(last.products).toHaveLength(3)
    expect(await page('page=3')).toEqual({
      products: expect.any(Array),
      pagination: expect.objectContaining({ page: 3 }),
    })
    expect(await page('page=4')).toEqual({ products: null, pagination: { lastPage: 3 } })
  })

  it('searches the name case-insensitively and sorts text and numbers', async () => {
    const found = (await page('search=CHRONOGRAPH&page=0&size=100')).products!
    expect(found.length).toBeGreaterThan(0)
    expect(found.every((p) => p.name.toLowerCase().includes('chronograph'))).toBe(true)
    const byName = (await page('page=0&size=100')).products!.map((p) => p.name.toUpperCase())
    expect(byName).toEqual([...byName].sort((a, b) => a.localeCompare(b)))
    const byPrice = (await page('sort=price&order=desc&page=0&size=100')).products!.map((p) => Number(p.price))
    expect(byPrice).toEqual([...byPrice].sort((a, b) => b - a))
    const bySku = (await page('sort=sku&page=0&size=100')).products!.map((p) => p.sku.toUpperCase())
    expect(bySku).toEqual([...bySku].sort((a, b) => a.localeCompare(b)))
  })

  it("creates 'A New Product' inactive, changes it, deletes it", async () => {
    const created = expectSchema(
      productSchema,
      await (await bff.call('/apps/ecommerce/inventory/product', { method: 'POST', token, headers: acme })).json(),
    )
    expect(created).toMatchObject({ name: 'A New Product', active: false, tags: [], images: [] })
    expect((await page('page=0&size=100')).pagination.length).toBe(24)
    const patched = await (
      await bff.call('/apps/ecommerce/inventory/product', {
        method: 'PATCH',
        token,
        headers: acme,
        json: { id: created.id, product: { name: 'Aardvark Watch', basePrice: 100, active: true } },
      })
    ).json()
    expect(patched).toMatchObject({ id: created.id, name: 'Aardvark Watch', basePrice: 100, active: true })
    expect((await page('page=0')).products![0].id).toBe(created.id)
    expect(
      await (
        await bff.call(`/apps/ecommerce/inventory/product?id=${created.id}`, { method: 'DELETE', token, headers: acme })
      ).json(),
    ).toBe(true)
    expect(
      await (await bff.call(`/apps/ecommerce/inventory/product?id=${created.id}`, { token, headers: acme })).json(),
    ).toBeNull()
    expect((await page('page=0&size=100')).pagination.length).toBe(23)
  })

  it('refuses bad input with 400 and changes nothing', async () => {
    expect((await bff.call('/apps/ecommerce/inventory/products?sort=password', { token, headers: acme })).status).toBe(
      400,
    )
    expect((await bff.call('/apps/ecommerce/inventory/products?size=0', { token, headers: acme })).status).toBe(400)
    const [first] = (await page('page=0')).products!
    const res = await bff.call('/apps/ecommerce/inventory/product', {
      method: 'PATCH',
      token,
      headers: acme,
      json: { id: first.id, product: { stock: 'many' } },
    })
    expect(res.status).toBe(400)
    expect(
      await (await bff.call(`/apps/ecommerce/inventory/product?id=${first.id}`, { token, headers: acme })).json(),
    ).toEqual(first)
  })

  it('adds a tag first and deleting a tag strips it from every product', async () => {
    const created = expectSchema(
      tagSchema,
      await (
        await bff.call('/apps/ecommerce/inventory/tag', {
          method: 'POST',
          token,
          headers: acme,
          json: { tag: { title: 'limited' } },
        })
      ).json(),
    )
    const tags = (await (await bff.call('/apps/ecommerce/inventory/tags', { token, headers: acme })).json()) as Array<{
      id: string
    }>
    expect(tags[0].id).toBe(created.id)
    const watch = 'itag-10'
    expect((await page('page=0&size=100')).products!.some((p) => p.tags.includes(watch))).toBe(true)
    expect(
      await (
        await bff.call(`/apps/ecommerce/inventory/tag?id=${watch}`, { method: 'DELETE', token, headers: acme })
      ).json(),
    ).toBe(true)
    expect((await page('page=0&size=100')).products!.some((p) => p.tags.includes(watch))).toBe(false)
  })

  it('keeps companies apart and needs a token', async () => {
    expect(await page('page=0', { 'x-empresa': '2' })).toEqual({
      products: [],
      pagination: { length: 0, size: 10, page: 0, lastPage: 1, startIndex: 0, endIndex: -1 },
    })
    const [first] = (await page('page=0')).products!
    expect(
      await (
        await bff.call(`/apps/ecommerce/inventory/product?id=${first.id}`, { token, headers: { 'x-empresa': '2' } })
      ).json(),
    ).toBeNull()
    expect((await bff.call('/apps/ecommerce/inventory/products')).status).toBe(401)
  })

  it('sees a write made by another process sharing the storage', async () => {
    // a second app over the same data, as a second server process would be (its own index)
    const other = await testBff({ store: { ...bff.store }, seed: false })
    const otherToken = await other.signIn()
    const before = (await page('page=0&size=100')).pagination.length
    await other.call('/apps/ecommerce/inventory/product', { method: 'POST', token: otherToken, headers: acme })
    expect((await page('page=0&size=100')).pagination.length).toBe(before + 1)
  })
})
