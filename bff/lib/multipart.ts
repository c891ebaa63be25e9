import {
  MaxFileSizeExceededError,
  MaxTotalSizeExceededError,
  MultipartParseError,
  parseMultipartRequest,
} from '@remix-run/multipart-parser'
import type { Env, Input, MiddlewareHandler } from 'hono'
import type { z } from 'zod'
import { apiError } from './errors.ts'
import { describeRequest } from './openapi.ts'
import { invalidInput } from './validate.ts'
import type { StreamedFile } from '../../domain/schemas/files.ts'
import { UPLOAD_MAX_BYTES } from '../../domain/upload-limits.ts'

/** At most this many parts in one form (a photo, its thumbnail, a label ...). */
const MAX_PARTS = 10

/**
 * A multipart form read from the request's stream a part at a time (@remix-run/multipart-parser:
 * web streams, so Node, Deno and workerd alike), then checked by `schema` as `valid('form')` checks
 * it: each file is held once, as the chunks it came in (domain/schemas/files.ts `streamedFile`), never the whole body twice over (docs/api.md §6: 5 uploads of 5 MB
 * at once stay within the server's memory). A file over 5 MB answers 413.
 */
export function streamedForm<T extends z.ZodType, E extends Env, P extends string>(schema: T) {
  const mw: MiddlewareHandler<E, P, Input & { in: { form: z.input<T> }; out: { form: z.output<T> } }> = async (
    c,
    next,
  ) => {
    // a body read already (an Idempotency-Key's fingerprint) is parsed from what was read
    const cached = (c.req as unknown as { bodyCache: { arrayBuffer?: Promise<ArrayBuffer> } }).bodyCache.arrayBuffer
    const request = cached
      ? new Request(c.req.url, { method: c.req.method, headers: c.req.raw.headers, body: await cached })
      : c.req.raw
    const form: Record<string, unknown> = Object.create(null)
    try {
      for await (const part of parseMultipartRequest(request, {
        maxFileSize: UPLOAD_MAX_BYTES,
        maxParts: MAX_PARTS,
        maxTotalSize: UPLOAD_MAX_BYTES * 2,
      })) {
        if (!part.name) continue
        form[part.name] = part.isFile
          ? ({
              name: part.filename ?? 'file',
              type: part.mediaType ?? 'application/octet-stream',
              size: part.size,
              chunks: part.content,
            } satisfies StreamedFile)
          : part.text
      }
    } catch (error) {
      if (error instanceof MaxFileSizeExceededError || error instanceof MaxTotalSizeExceededError)
        throw apiError(413, 'File size exceeds the limit of 5 MB.')
      if (error instanceof MultipartParseError) throw apiError(400, `Malformed multipart form: ${error.message}`)
      throw error
    }
    const result = await schema.safeParseAsync(form)
    if (!result.success) throw invalidInput(result.error, 'form')
    c.req.addValidatedData('form', result.data as object)
    await next()
  }
  return describeRequest(mw, 'form', schema)
}
