import { renderToReadableStream } from 'react-dom/server'
import type { EntryContext, RouterContextProvider } from 'react-router'
import { ServerRouter } from 'react-router'
import { joinBytes } from '../domain/bytes.ts'

// The Hono server reads the context key from here, so loaders and server share one object.
import { serverContext } from './server-context'
export { serverContext }

export const streamTimeout = 5_000

export default async function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // the scripts React Router inlines carry this answer's nonce (its Content-Security-Policy)
  const { nonce } = loadContext.get(serverContext)
  let statusCode = status
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), streamTimeout + 1_000)
  const body = await renderToReadableStream(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />, {
    nonce,
    signal: controller.signal,
    onError(error: unknown) {
      statusCode = 500
      if (!controller.signal.aborted) console.error(error)
    },
  })
  // No page streams data (no deferred loader data): the whole document is ready at once, and one
  // buffer goes out in one write instead of React's many small chunks through a web stream.
  await body.allReady
  clearTimeout(timer)
  const html = withoutModulePreloads(await allBytes(body))
  headers.set('Content-Type', 'text/html; charset=utf-8')
  return new Response(html, { headers, status: statusCode })
}

/** A stream's bytes in one buffer (read as bytes: a page is never decoded to a string and encoded again). */
async function allBytes(stream: ReadableStream<Uint8Array>): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Uint8Array[] = []
  const reader = stream.getReader()
  for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(read.value)
  return joinBytes(chunks)
}

const HEAD_END = new TextEncoder().encode('</head>')

/** Where `part` first begins in `bytes`, or -1. */
function indexOfBytes(bytes: Uint8Array, part: Uint8Array): number {
  const first = part[0]
  for (let at = bytes.indexOf(first); at >= 0 && at <= bytes.length - part.length; at = bytes.indexOf(first, at + 1)) {
    let i = 1
    while (i < part.length && bytes[at + i] === part[i]) i++
    if (i === part.length) return at
  }
  return -1
}

/**
 * The page is drawn by the server: its first paint needs the HTML and the stylesheet only. React
 * Router announces every script module in the head (modulepreload), so on a slow line the
 * stylesheet shares it with 150 KB of scripts and the page shows a second and a half later (what
 * Lighthouse measured). Without them the scripts load from the page's own imports once it is
 * drawn; nothing changes after the first page (later pages load their modules as they go).
 */
export function withoutModulePreloads(html: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> {
  // only the head is read as text: the body's bytes go out as React wrote them
  const head = indexOfBytes(html, HEAD_END)
  if (head < 0) return html
  const before = new TextDecoder().decode(html.subarray(0, head))
  const kept = before.replace(/<link rel="modulepreload"[^>]*>/g, '')
  if (kept.length === before.length) return html
  return joinBytes([new TextEncoder().encode(kept), html.subarray(head)])
}
