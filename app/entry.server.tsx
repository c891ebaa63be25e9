import { renderToReadableStream } from 'react-dom/server'
import type { EntryContext, RouterContextProvider } from 'react-router'
import { ServerRouter } from 'react-router'

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
  const html = withoutModulePreloads(await new Response(body).text())
  headers.set('Content-Type', 'text/html; charset=utf-8')
  return new Response(html, { headers, status: statusCode })
}

/**
 * The page is drawn by the server: its first paint needs the HTML and the stylesheet only. React
 * Router announces every script module in the head (modulepreload), so on a slow line the
 * stylesheet shares it with 150 KB of scripts and the page shows a second and a half later (what
 * Lighthouse measured). Without them the scripts load from the page's own imports once it is
 * drawn; nothing changes after the first page (later pages load their modules as they go).
 */
export function withoutModulePreloads(html: string): string {
  const head = html.indexOf('</head>')
  return head < 0 ? html : html.slice(0, head).replace(/<link rel="modulepreload"[^>]*>/g, '') + html.slice(head)
}
