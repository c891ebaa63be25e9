import { Hono } from 'hono'
import { z } from 'zod'
import type { AppEnv, Deps } from '../lib/deps.ts'
import { requireAuth } from '../lib/auth.ts'
import { ifMatchVersion } from '../lib/etag.ts'
import { simulatedDelay } from '../lib/latency.ts'
import { notFound } from '../lib/errors.ts'
import { apiErrorSchema, doc } from '../lib/openapi.ts'
import { requireTenant } from '../lib/tenancy.ts'
import { tagRoutes } from '../lib/tag-routes.ts'
import { valid } from '../lib/validate.ts'
import { countOf, pageOf } from '../lib/walk.ts'
import { idQuery } from '../../domain/schemas/common-panels.ts'
import {
  categorySchema,
  namedSchema,
  productListAnswer,
  productListQuery,
  productPatch,
  productSchema,
  blankProduct,
  type Product,
} from '../../domain/schemas/inventory.ts'
import type { ProductRow } from '../../storage/repositories/products.ts'
import type { StockedProduct } from '../../domain/schemas/products.ts'
import { withCompanyCount } from '../../domain/stock.ts'
import { stockHome } from '../lib/stock.ts'

const TEXT_SORT = new Set(['sku', 'name', 'active'])

/**
 * A product as this API shows it: without what the products page keeps on it (docs/domain.md
 * cd_produto: its unit, minimum, each branch's stock and the moves it applied).
 */
const shown = <P extends Product | null | undefined>(p: P): P => {
  if (!p) return p
  const { stockMoves: _moves, stocks: _stocks, unit: _unit, minimum: _minimum, ...rest } = p as StockedProduct
  return rest as P
}

/** api/apps/ecommerce/inventory (docs/demo-apis.md §7 E-commerce inventory), the current company's. */
export function inventoryRoutes(deps: Deps) {
  const tags = ['apps/ecommerce/inventory']
  const list =
    <T extends { id: string }>(name: 'categories' | 'brands' | 'vendors' | 'tags') =>
    (empresa: number) =>
      deps.repos.company(empresa).list<T>(`inventory-${name}`)
  const categories = list<z.infer<typeof categorySchema>>('categories')
  const brands = list<z.infer<typeof namedSchema>>('brands')
  const vendors = list<z.infer<typeof namedSchema>>('vendors')
  const collator = new Intl.Collator('en')

  return new Hono<AppEnv>()
    .route(
      '/',
      tagRoutes(deps, {
        list: 'inventory-tags',
        noun: 'product',
        tags,
        strip: async (empresa, id) => {
          const repo = deps.repos.company(empresa).products()
          const all = await repo.getMany([...(await repo.rows()).keys()])
          await Promise.all(
            all
              .filter((p) => p.tags.includes(id))
              .map((p) => repo.update(p.id, (cur) => ({ ...cur, tags: cur.tags.filter((t) => t !== id) }))),
          )
        },
      }),
    )
    .use(requireAuth(deps), requireTenant(deps))
    .get(
      '/categories',
      doc({
        operationId: 'listProductCategories',
        description: 'The product categories, each with its parent (null at the top).',
        summary: 'Product categories',
        tags,
        responses: { 200: z.array(categorySchema) },
      }),
      async (c) => c.json(await categories(c.get('tenant').empresa).all()),
    )
    .get(
      '/brands',
      doc({
        operationId: 'listProductBrands',
        description: 'The product brands, each with its id, name and slug.',
        summary: 'Brands',
        tags,
        responses: { 200: z.array(namedSchema) },
      }),
      async (c) => c.json(await brands(c.get('tenant').empresa).all()),
    )
    .get(
      '/vendors',
      doc({
        operationId: 'listProductVendors',
        description: 'The product vendors, each with its id, name and slug.',
        summary: 'Vendors',
        tags,
        responses: { 200: z.array(namedSchema) },
      }),
      async (c) => c.json(await vendors(c.get('tenant').empresa).all()),
    )
    .get(
      '/products',
      doc({
        operationId: 'listProducts',
        description:
          'A page of products: search looks in the name, sort and order order them, page (from 0) and size page them. Past the last page, products is null.',
        summary:
          'Products: search the name, sort (text for sku, name, active; numbers for the rest), page from 0 in the slicing; past the last page products is null',
        tags,
        responses: { 200: productListAnswer },
      }),
      valid('query', productListQuery),
      async (c) => {
        await simulatedDelay(deps.config.simulateLatency, 300)
        const { search, sort, order, page, size } = c.req.valid('query')
        const repo = deps.repos.company(c.get('tenant').empresa).products()
        const needle = search.toLowerCase()
        // Text sorts compare upper-cased text (the spec's rule), the others numbers; '' counts as 0.
        const ordered = await repo.sorted(
          sort,
          TEXT_SORT.has(sort)
            ? (a, b) => collator.compare(String(a[sort]).toUpperCase(), String(b[sort]).toUpperCase())
            : (a, b) => Number(a[sort]) - Number(b[sort]),
        )
        const matches = needle ? (r: ProductRow) => r.search.includes(needle) : () => true
        // The count of matches is kept per search until the products change; the page walk stops when full.
        const length = await repo.memo(`search:${needle}`, (all) => countOf(all.values(), matches))
        const lastPage = Math.max(Math.ceil(length / size), 1)
        if (page > lastPage) return c.json({ products: null, pagination: { lastPage } })
        const begin = page * size
        const rows = pageOf(ordered, order === 'desc', matches, begin, begin + size)
        const end = Math.min(size * (page + 1), length)
        const products = await repo.getMany(rows.map((r) => r.id))
        return c.json({
          products: products.map(shown),
          pagination: { length, size, page, lastPage, startIndex: begin, endIndex: end - 1 },
        })
      },
    )
    .get(
      '/product',
      doc({
        operationId: 'getProduct',
        description: 'One product by id, with its version as ETag; null when the id is unknown.',
        summary: 'One product (ETag: its version); null when unknown',
        tags,
        responses: { 200: productSchema.nullable() },
      }),
      valid('query', idQuery),
      async (c) => {
        const found = await deps.repos.company(c.get('tenant').empresa).products().get(c.req.valid('query').id)
        if (found) c.header('ETag', `"${found.version}"`)
        return c.json(shown(found?.value ?? null))
      },
    )
    .post(
      '/product',
      doc({
        operationId: 'createProduct',
        description: 'Creates an inactive product named A New Product, first in the list, and answers it.',
        summary: "A new inactive product named 'A New Product'",
        tags,
        responses: { 200: productSchema },
      }),
      async (c) => {
        const product: Product = { ...blankProduct(crypto.randomUUID()), name: 'A New Product' }
        await deps.repos.company(c.get('tenant').empresa).products().put(product)
        return c.json(product)
      },
    )
    .patch(
      '/product',
      doc({
        operationId: 'updateProduct',
        example: { id: 'p1', product: { name: 'Split filter', stock: 12, price: 49.9 } },
        description:
          'Merges the fields sent into a product; If-Match names the version edited (412 when it changed since). Answers it, or null when the id is unknown.',
        summary: 'Merge changes into a product; null when unknown; If-Match for the version edited',
        tags,
        responses: { 200: productSchema.nullable() },
      }),
      valid('json', productPatch),
      async (c) => {
        const { id, product } = c.req.valid('json')
        const { empresa } = c.get('tenant')
        const home = await stockHome(deps, empresa)
        const saved = await deps.repos
          .company(empresa)
          .products()
          .update(
            id,
            (current) => {
              const merged: StockedProduct = { ...current, ...product, id: current.id }
              return product.stock === undefined || product.stock === current.stock
                ? merged
                : withCompanyCount(merged, product.stock, home)
            },
            { expectVersion: ifMatchVersion(c.req.header('if-match')) },
          )
        if (saved) c.header('ETag', `"${saved.version}"`)
        return c.json(shown(saved?.value ?? null))
      },
    )
    .delete(
      '/product',
      doc({
        operationId: 'deleteProduct',
        description: 'Deletes a product. 404 when the id is unknown.',
        summary: 'Delete a product; 404 when unknown',
        tags,
        responses: { 200: z.literal(true), 404: apiErrorSchema },
      }),
      valid('query', idQuery),
      async (c) => {
        if (!(await deps.repos.company(c.get('tenant').empresa).products().remove(c.req.valid('query').id)))
          throw notFound('Product')
        return c.json(true as const)
      },
    )
}
