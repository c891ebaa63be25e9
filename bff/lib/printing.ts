import { MESSAGES } from '../../domain/messages.ts'
import { sha256Hex } from './base64.ts'
import type { Deps } from './deps.ts'
import { jsonException, RETRY_AFTER_SECONDS, type ApiError } from './errors.ts'
import { apiErrorSchema, refusal } from './openapi.ts'
import { createPdfCache, type PdfCache } from './pdf-cache.ts'

/** What the PDFs one process keeps may weigh together (a 200-line invoice weighs about 80 KB). */
const KEPT_BYTES = 16 * 1024 * 1024

/** The documents a process prints: those it keeps, and the turn renders take (bff/lib/deps.ts). */
export type Printing = {
  cache: PdfCache
  /**
   * Runs renders one after another, in the order they came. A render waits for its turn until its
   * `signal` aborts at the latest, and hands the turn on when it ends or its signal aborts: one
   * that never ends (a request cancelled on Workers, whose timers stop) holds up the others only
   * until its deadline.
   */
  inTurn<T>(signal: AbortSignal, render: () => Promise<T>): Promise<T>
}

/** Settles when `signal` aborts (never rejects, so it can stand in a race left unsettled). */
const abortOf = (signal: AbortSignal) =>
  new Promise<void>((resolve) =>
    signal.aborted ? resolve() : signal.addEventListener('abort', () => resolve(), { once: true }),
  )

export function createPrinting(): Printing {
  let last: Promise<unknown> = Promise.resolve()
  return {
    cache: createPdfCache(KEPT_BYTES),
    inTurn(signal, render) {
      const given = abortOf(signal)
      const mine = Promise.race([last, given]).then(() => {
        signal.throwIfAborted()
        return render()
      })
      last = Promise.race([mine, given]).catch(() => undefined)
      return mine
    },
  }
}

/** How an operation that answers a PDF documents its 503. */
export const PDF_UNAVAILABLE = refusal(
  'The PDF was not made within PDF_TIME_LIMIT_MS (10 s; under load it waits its turn), or the storage is not answering: try again after Retry-After seconds',
)

/** What an operation that answers a PDF documents: the PDF, 404, 429 past the printing limit, 503. */
export const PDF_ANSWERS = {
  200: { description: 'The PDF', content: 'application/pdf' },
  404: apiErrorSchema,
  429: apiErrorSchema,
  503: PDF_UNAVAILABLE,
} as const

/** A document as printing knows it: its kind and number (for the log), and everything its PDF shows. */
export type Printable = { kind: string; number: string; content: unknown }

/**
 * A document's PDF, made at most once per content: `content` is everything the PDF shows — the
 * document as printed on this day (its state, what is open), the company as printed, the logo's
 * file id (a file's bytes never change) — so its digest changes whenever a printed word would,
 * and a kept PDF is never a stale one. Requests for the same content at once share one render.
 *
 * A render runs in its turn (pdf-lib works on the one thread every request shares: several at
 * once would each take as long as all of them, and hold their memory together), yields to the
 * other requests as it draws (bff/lib/pdf/document-pdf.ts), and is given up once
 * PDF_TIME_LIMIT_MS have passed since it was asked for, its wait included: 503, logged.
 */
export async function printedPdf(
  deps: Deps,
  printable: Printable,
  render: (signal: AbortSignal) => Promise<Uint8Array<ArrayBuffer>>,
): Promise<Uint8Array<ArrayBuffer>> {
  const key = await sha256Hex(JSON.stringify([printable.kind, printable.content]))
  const limit = deps.config.pdfTimeLimitMs
  const signal = AbortSignal.timeout(limit)
  const { cache, inTurn } = deps.printing
  // the render this request started, or the one it shares (bounded by the deadline of the request that started it)
  const made = cache.get(key, () =>
    inTurn(signal, () => render(signal)).catch((error: unknown) => {
      throw signal.aborted ? new GivenUp() : error
    }),
  )
  // each request waits at most until its own deadline, whoever started the render
  const pdf = await Promise.race([made, abortOf(signal)]).catch((error: unknown) => {
    if (!(error instanceof GivenUp)) throw error
  })
  if (pdf) return pdf
  deps.log.error(`${printable.kind} ${printable.number}: its PDF was not done in ${limit} ms and was given up`)
  throw jsonException(503, { error: MESSAGES.pdf_too_slow, code: 'pdf_too_slow' } satisfies ApiError, {
    'Retry-After': String(RETRY_AFTER_SECONDS),
  })
}

/** A render that passed its deadline (each request that shared it answers 503 of its own). */
class GivenUp extends Error {}
