/**
 * How large an image the API takes where (docs/api.md §6 Images): its longest side and its pixels,
 * as its header states them, and whether an animated PNG is refused. Checked from the bytes without
 * decoding them (bff/lib/image-bounds.ts); a PNG's data must also inflate to no more than its
 * header says.
 */
export type ImageBudget = { maxSide: number; maxPixels: number; still: boolean }

/**
 * A file uploaded to the FileManager: 50 megapixels (a 48-megapixel phone's photo fits). The
 * server never decodes it; a browser showing it decodes 200 MB at most.
 */
export const UPLOADED_IMAGE: ImageBudget = { maxSide: 65_535, maxPixels: 50_000_000, still: false }

/**
 * An image a PDF embeds (the logo, a signature): pdf-lib decodes a PNG and deflates it again in
 * JavaScript, on the thread that answers every request. 1024 × 1024 pixels (1 megapixel) cost
 * about 50 ms to embed, 2048 × 2048 some 400 ms (measured on a 2-core server). A logo prints at
 * 120 × 60 points, a signature at 220 × 90: 1 megapixel is sharper than any printer shows them.
 */
export const PRINTED_IMAGE: ImageBudget = { maxSide: 2048, maxPixels: 1024 * 1024, still: true }

/** The company logo is printed on its quotes, invoices and work orders: it takes what prints. */
export const LOGO_IMAGE = PRINTED_IMAGE
