const COMPRESSIBLE = /^\s*(?:text\/|application\/(?:json|javascript|xml|manifest\+json)|image\/svg\+xml)/i

/**
 * The answer gzip-compressed when the client accepts it and it is worth it (text, at least
 * 1 KB or of unknown length). Applied by the server to pages and assets only — not as a
 * middleware, which every API call would pass through.
 */
export function gzipped(res: Response, acceptEncoding: string | undefined): Response {
  if (!acceptEncoding || !/\bgzip\b/i.test(acceptEncoding) || !res.body || res.headers.has('content-encoding'))
    return res
  if (
    !COMPRESSIBLE.test(res.headers.get('content-type') ?? '') ||
    /\bno-transform\b/.test(res.headers.get('cache-control') ?? '')
  )
    return res
  if (Number(res.headers.get('content-length') ?? Infinity) < 1024) return res
  const headers = new Headers(res.headers)
  headers.delete('content-length')
  headers.set('content-encoding', 'gzip')
  headers.append('vary', 'Accept-Encoding')
  return new Response(res.body.pipeThrough(new CompressionStream('gzip')), {
    status: res.status,
    statusText: res.statusText,
    headers,
  })
}
