import { connect, createServer, type Socket } from 'node:net'

/**
 * A TCP proxy between the server and a real redis that can lose one reply: the n-th EVAL (a
 * storage write, storage/drivers/redis.ts) after `loseReplyOf(n)` reaches redis and runs, and
 * the connection is cut before its reply comes back — as a dropped connection does.
 */
export async function redisProxy(target: { host: string; port: number }) {
  let evals = 0
  let loseAt: number | null = null
  const sockets = new Set<Socket>()
  const server = createServer((client) => {
    const upstream = connect(target.port, target.host)
    sockets.add(client).add(upstream)
    let losing = false
    const cut = () => {
      client.destroy()
      upstream.destroy()
    }
    client.on('data', (chunk: Buffer) => {
      const sent = chunk.toString('latin1').match(/\$4\r\neval\r\n/gi)?.length ?? 0
      for (let i = 0; i < sent; i++)
        if (++evals === loseAt) {
          losing = true
          loseAt = null
        }
      upstream.write(chunk)
    })
    upstream.on('data', (chunk: Buffer) => (losing ? cut() : client.write(chunk)))
    for (const socket of [client, upstream]) {
      socket.on('error', cut)
      socket.on('close', () => {
        sockets.delete(socket)
        cut()
      })
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  return {
    port,
    /** Counts the writes from now on; with `n`, the reply of the n-th is lost. */
    loseReplyOf(n: number | null) {
      evals = 0
      loseAt = n
    },
    /** The writes sent since the last loseReplyOf. */
    writes: () => evals,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}
