import { z } from 'zod'
import { paginationSchema } from './common.ts'

const num = z.union([z.number().finite(), z.literal('')])
const line = (max: number) => z.string().max(max)

export const productSchema = z.object({
  id: z.string(),
  category: line(100),
  name: line(200),
  description: line(20_000),
  tags: z.array(line(100)).max(50),
  sku: line(100),
  barcode: line(100),
  brand: line(100),
  vendor: line(100),
  stock: num,
  reserved: num,
  cost: num,
  basePrice: num,
  taxPercent: num,
  price: num,
  weight: num,
  thumbnail: line(2048).nullable(),
  images: z.array(line(2048)).max(50),
  active: z.boolean(),
})
export type Product = z.infer<typeof productSchema>

/** A product with nothing filled in: blank fields, no picture, inactive (docs/demo-apis.md §7 "A New Product"). */
export const blankProduct = (id: string): Product => ({
  id,
  category: '',
  name: '',
  description: '',
  tags: [],
  sku: '',
  barcode: '',
  brand: '',
  vendor: '',
  stock: '',
  reserved: '',
  cost: '',
  basePrice: '',
  taxPercent: '',
  price: '',
  weight: '',
  thumbnail: '',
  images: [],
  active: false,
})

export const productPatch = z.object({
  id: z.string().min(1).max(200),
  product: productSchema.omit({ id: true }).partial(),
})

/** The product list query (docs/demo-apis.md §7, §9): page counts from 0 in the slicing, default 1. */
export const productListQuery = z.object({
  search: z.string().max(200).default(''),
  sort: z
    .enum([
      'name',
      'sku',
      'active',
      'category',
      'brand',
      'vendor',
      'stock',
      'reserved',
      'cost',
      'basePrice',
      'taxPercent',
      'price',
      'weight',
    ])
    .default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
  page: z.coerce.number().int().min(0).max(10_000_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(10),
})

export const productListAnswer = z.union([
  z.object({ products: z.array(productSchema), pagination: paginationSchema }),
  z.object({ products: z.null(), pagination: z.object({ lastPage: z.number() }) }),
])

export const namedSchema = z.object({ id: z.string(), name: z.string(), slug: z.string() })
export const categorySchema = namedSchema.extend({ parentId: z.string().nullable() })
