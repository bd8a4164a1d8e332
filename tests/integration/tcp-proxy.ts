import net from 'node:net'

/**
 * A TCP proxy in front of PostgreSQL that a test can cut and restore: the app's only way
 * to its database, so cutting it makes the database unreachable without touching the
 * server itself. It listens on a port of 127.0.0.1 that stays the same across a restore.
 */
export type CuttableProxy = {
  /** `databaseUrl` with its host replaced by the proxy. */
  url: string
  /** Drop every open connection and stop listening: new connections are refused. */
  cut(): Promise<void>
  /** Listen again on the same port. */
  restore(): Promise<void>
}

export async function startCuttableProxy(databaseUrl: string): Promise<CuttableProxy> {
  const target = new URL(databaseUrl)
  const sockets = new Set<net.Socket>()
  const listen = (port: number) =>
    new Promise<net.Server>((resolve, reject) => {
      const proxy = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname)
        sockets.add(client).add(upstream)
        client.pipe(upstream).pipe(client)
        const close = () => {
          client.destroy()
          upstream.destroy()
          sockets.delete(client)
          sockets.delete(upstream)
        }
        client.on('error', close).on('close', close)
        upstream.on('error', close).on('close', close)
      })
      proxy.once('error', reject)
      proxy.listen(port, '127.0.0.1', () => resolve(proxy))
    })

  let proxy: net.Server | null = await listen(0)
  const port = (proxy.address() as net.AddressInfo).port
  const viaProxy = new URL(databaseUrl)
  viaProxy.host = `127.0.0.1:${port}`
  return {
    url: viaProxy.toString(),
    async cut() {
      const closing = proxy
      proxy = null
      // close() waits for open connections: cut them first.
      sockets.forEach((s) => s.destroy())
      sockets.clear()
      if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()))
    },
    async restore() {
      proxy ??= await listen(port)
    },
  }
}
