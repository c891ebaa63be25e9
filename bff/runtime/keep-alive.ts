import { Server, type IncomingMessage, type ServerResponse } from 'node:http'
import type { Socket } from 'node:net'

/**
 * A public server's time limits (docs/api.md §6), as Node's server options: the headers within
 * `headersMs` and the whole request within `bodyMs` (Node answers 408 and closes), checked every second.
 */
export const timeLimits = (headersMs: number, bodyMs: number) => ({
  headersTimeout: headersMs,
  requestTimeout: Math.max(bodyMs, headersMs),
  connectionsCheckingInterval: 1000,
})

/**
 * At most `perAddress` open connections from one address (0: no cap; off behind a trusted proxy,
 * where every connection comes from the proxy): one more is closed at once.
 */
export function limitConnections(server: unknown, perAddress: number) {
  if (!(server instanceof Server) || !perAddress) return
  const open = new Map<string, number>()
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? ''
    const count = (open.get(address) ?? 0) + 1
    if (count > perAddress) return void socket.destroy()
    open.set(address, count)
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1
      if (left) open.set(address, left)
      else open.delete(address)
    })
  })
}

/**
 * A body left unread by a refusal is read and dropped up to this size (a client that sends its
 * whole body before it reads the answer then reads the 413, docs/api.md §6); a larger one closes
 * the connection. The whole request's time limit (BODY_TIMEOUT_MS) bounds the reading too.
 */
export const DRAIN_MAX_BYTES = 64 * 1024 * 1024

/**
 * Keeps a refused request's answer readable and its connection usable (a bad token, a body over
 * the limit). Such an answer goes out while the body is still arriving; the body's web stream,
 * which nobody reads, then stops the socket, and @hono/node-server closes the connection it had
 * just answered: a client still sending got EPIPE instead of the answer, and its next request on
 * the connection was lost. Here the rest of the body is read and dropped once the answer is sent;
 * a body declared larger than DRAIN_MAX_BYTES is answered with `Connection: close` instead. A
 * client that asked to close the connection (`Connection: close`, HTTP/1.0) has it closed once its
 * body is in, not under it. Runs before the adapter's own request listener.
 */
export function keepConnectionsAfterRefusals(server: unknown) {
  if (!(server instanceof Server)) return
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    // Node closes the connection as soon as the answer is out when the client asked it to: kept
    // open here, and closed below when the body has come in
    const closeAfter = !res.shouldKeepAlive
    if (Number(req.headers['content-length'] ?? 0) > DRAIN_MAX_BYTES) res.shouldKeepAlive = false
    else if (closeAfter) res.shouldKeepAlive = true
    const close = () => {
      if (closeAfter && res.shouldKeepAlive) req.socket.end()
    }
    res.once('finish', () => {
      if (req.destroyed || !res.shouldKeepAlive) return
      if (req.complete) return close()
      // what was reading the body (the unread web stream) lets go; the bytes flow to nowhere
      req.removeAllListeners('data')
      let drained = 0
      req.on('data', (chunk: Buffer) => {
        drained += chunk.length
        if (drained > DRAIN_MAX_BYTES) req.socket.destroy()
      })
      req.once('end', close)
      req.resume()
    })
  })
}
